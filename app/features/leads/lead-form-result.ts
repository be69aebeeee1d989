/**
 * What a form posted without JavaScript gets back when it cannot be accepted:
 * everything the visitor typed, the reason in words, and the bad fields.
 */
export interface LeadFormResult {
  values: Record<string, string>;
  error: string;
  fields: Record<string, string>;
}
