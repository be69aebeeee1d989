import type { FormAnswer } from "~/lib/form-answer";

/**
 * What the account page's action answers, shared by the server and the
 * forms. Each form posts an `intent`; the answer names it, so only that
 * form shows the messages (answerFor). Passwords are never sent back.
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

/** The account page's answer: which form it is for, and new recovery codes (in this one answer and never again). */
export type AccountAnswer = FormAnswer & { intent: AccountIntent; recoveryCodes?: string[] };
