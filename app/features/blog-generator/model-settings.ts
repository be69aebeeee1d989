/** Where the generator's model answers (BLOG_AI_* settings, decision 0036); null when none is connected. */
export interface BlogAiSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** How long to wait for the first answer, and then between two pieces of it. */
  timeoutMs: number;
}
