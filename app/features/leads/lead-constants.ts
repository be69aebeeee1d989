import { EMAIL_MAX, SITE_PATH_MAX } from "~/lib/text-limits";

/**
 * Facts about leads that the browser and the server both need. No zod here:
 * this file is in the first page's JavaScript.
 */

/** A phone-link click is recorded as a lead with these placeholders (spec §7). */
export const PHONE_CLICK_LEAD = {
  firstName: "Phone",
  lastName: "Click",
  // Reserved top-level domain: it can never reach anyone.
  email: "phone-click@tracking.invalid",
} as const;

/** Numbers whose links are help lines, never leads: a crisis call is not a sales contact. */
export const NON_LEAD_NUMBERS = new Set(["988", "911"]);

export const LEAD_LIMITS = {
  name: 100,
  email: EMAIL_MAX,
  phone: 30,
  service: 120,
  source: SITE_PATH_MAX,
  attribution: 300,
} as const;
