/**
 * What the account page's action answers, shared by the server and the
 * forms. Each form posts an `intent`; the answer names it, so only that
 * form shows the messages. Passwords are never sent back.
 */
export const accountIntents = [
  "change-password",
  "start-two-factor",
  "cancel-two-factor",
  "confirm-two-factor",
  "renew-recovery-codes",
  "restart-two-factor",
  "turn-off-two-factor",
  "end-session",
  "sign-out-everywhere",
] as const;
export type AccountIntent = (typeof accountIntents)[number];

export interface AccountAnswer {
  intent: AccountIntent;
  ok: boolean;
  /** One sentence per field that needs another look, by field name. */
  fields: Record<string, string>;
  /** A sentence for the whole form: what happened, or what went wrong. */
  message?: string;
  /** New recovery codes: in this one answer and never again. */
  recoveryCodes?: string[];
  /** Differs on every answer, so a form can start afresh (its password fields emptied). */
  answerId: string;
}

/** The answer for a form, when the last one was for it. */
export function answerFor(answer: AccountAnswer | undefined, ...intents: AccountIntent[]): AccountAnswer | undefined {
  return answer && intents.includes(answer.intent) ? answer : undefined;
}
