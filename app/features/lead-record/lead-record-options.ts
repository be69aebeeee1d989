/**
 * The choices of a lead's page (contact attempts, deletion reasons) and the
 * words shown for them, with the length limits of what staff type. No zod
 * and no server code: the page's markup needs these, the schema builds on them.
 */

/** How long what staff type may be. */
export const LEAD_RECORD_LIMITS = {
  /** The optional reason given with a status change. */
  reason: 500,
  /** The optional note of a contact attempt. */
  contactNote: 500,
  /** A note on the lead. */
  note: 2000,
} as const;

export const contactAttemptMethods = ["call", "email", "text"] as const;
export type ContactAttemptMethod = (typeof contactAttemptMethods)[number];

export const contactAttemptOutcomes = ["reached", "left_message", "no_answer", "wrong_number", "sent"] as const;
export type ContactAttemptOutcome = (typeof contactAttemptOutcomes)[number];

export const contactMethodWords: Record<ContactAttemptMethod, string> = {
  call: "Phone call",
  email: "E-mail",
  text: "Text message",
};

/** The timeline's verb: "Called — left a message". */
export const contactMethodVerbs: Record<ContactAttemptMethod, string> = {
  call: "called",
  email: "e-mailed",
  text: "texted",
};

export const contactOutcomeWords: Record<ContactAttemptOutcome, string> = {
  reached: "Reached them",
  left_message: "Left a message",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  sent: "E-mail or text sent",
};

/**
 * Why a lead is deleted: a choice, never free text, so the audit entry that
 * records it can say nothing about the person.
 */
export const deletionReasons = ["requested", "mistake", "other"] as const;
export type DeletionReason = (typeof deletionReasons)[number];

export const deletionReasonWords: Record<DeletionReason, string> = {
  requested: "The person asked us to delete it",
  mistake: "Entered by mistake, or a test",
  other: "Another reason",
};

/** The forms of a lead's page, told apart by their `intent` field. */
export const leadIntents = ["status", "contact", "assign", "note", "duplicate", "delete"] as const;
export type LeadIntent = (typeof leadIntents)[number];

/** The flag the inbox reads after a deletion (`?deleted=1`): it then says "The lead was deleted." */
export const DELETED_FLAG = "deleted";

/** At most this many pages of the visit are listed (a visit that long is rare). */
export const VISIT_PAGES_SHOWN = 50;
