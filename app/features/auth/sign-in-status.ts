/**
 * Staff sign-in is built in a later issue. Until then the /auth form takes
 * nothing in and says so plainly, rather than pretending to sign anyone in.
 */
export const SIGN_IN_UNAVAILABLE_MESSAGE =
  "Staff sign-in is not switched on yet, so nobody can sign in here for now. Nothing you typed was checked or kept.";

export const SIGN_IN_PATH = "/auth";

/** An e-mail address is at most 254 characters; anything longer is not shown back. */
export const EMAIL_MAX_LENGTH = 254;
