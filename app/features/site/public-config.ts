/** The subset of settings that pages may read (and that may reach the browser). */
export interface PublicConfig {
  publicUrl: string;
}
