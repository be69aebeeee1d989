/** What the failure toast says when the server gave no reason we can show. */
export const TRY_LATER = "Please try again later.";

/**
 * A failure toast's description (spec §8: "with the error message, or
 * 'Please try again later.' if none": the newsletter, sign-in and sign-out). apiRequest's errors read
 * "{status}: {body}"; a JSON body's `error` sentence is the message (the
 * field's own message when exactly one field was refused, which says more).
 * Raw bodies, network failures and anything else: "Please try again later."
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return TRY_LATER;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return TRY_LATER;
  let body: unknown;
  try {
    body = JSON.parse(match[1]!);
  } catch {
    return TRY_LATER;
  }
  if (!body || typeof body !== "object") return TRY_LATER;
  const { error: sentence, fields } = body as { error?: unknown; fields?: unknown };
  if (fields && typeof fields === "object") {
    const messages = Object.values(fields).filter((m): m is string => typeof m === "string" && m !== "");
    if (messages.length === 1) return messages[0]!;
  }
  return typeof sentence === "string" && sentence.trim() ? sentence : TRY_LATER;
}
