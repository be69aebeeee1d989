/**
 * The clinic's phone number as this process last read it from the site
 * settings (the root loader notes it on every successful read), so that an
 * answer made without the database, a write refused with 503, can still name
 * it (issue 21). Unknown after a start without the database: the answer then
 * says "call the clinic" without a number.
 */
let lastRead: string | undefined;

export function rememberClinicPhone(phone: string | null | undefined) {
  if (phone) lastRead = phone;
}

/** "call the clinic at (407) 555-0142", or "call the clinic" when no number has been read yet. */
export function callTheClinic(): string {
  return lastRead ? `call the clinic at ${lastRead}` : "call the clinic";
}
