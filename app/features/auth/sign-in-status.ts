/** Where staff sign in (spec §2). */
export const SIGN_IN_PATH = "/auth";

// With the database away, each way in or out says what did not happen (the shared "could not save this" fits none).
export const SIGN_IN_UNAVAILABLE_MESSAGE = "We could not sign you in just now. Please try again in a moment.";
export const SIGN_OUT_UNAVAILABLE_MESSAGE =
  "We could not sign you out just now, so you are still signed in. Please try again in a moment.";
export const USER_UNAVAILABLE_MESSAGE = "We could not check your sign-in just now. Please try again in a moment.";
