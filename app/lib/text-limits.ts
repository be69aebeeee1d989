/** Lengths the browser's inputs and the schemas share (no zod here: the first page's JavaScript reads them). */

/** An address longer than this cannot be delivered (RFC 5321). */
export const EMAIL_MAX = 254;
/** A site path recorded with a submission ("/", "/anxiety-therapy"). */
export const SITE_PATH_MAX = 300;
