/**
 * Facts about the newsletter that the browser and the server both need. No
 * zod here: the footer box is in every page's first JavaScript.
 */

/** Where the sign-up form posts without JavaScript, and its own page. */
export const NEWSLETTER_PATH = "/newsletter";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
export const SUBSCRIBE_API = "/api/newsletter/subscribe";

/** The longest site path the consent record keeps (same limit as lead sources). */
export const SOURCE_MAX = 300;

/** The page a visitor subscribes from, shortened to what the schema accepts. */
export function consentSourcePath(pathname: string): string {
  return pathname.slice(0, SOURCE_MAX) || "/";
}

export const SUBSCRIBED_TOAST = {
  title: "Subscribed!",
  description: "You'll receive our weekly mental health newsletter.",
} as const;
