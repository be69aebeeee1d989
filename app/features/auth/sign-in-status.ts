/** Where staff sign in (spec §2). */
export const SIGN_IN_PATH = "/auth";

/** An e-mail address is at most 254 characters; anything longer is not shown back. */
export const EMAIL_MAX_LENGTH = 254;
