import { STAFF_AREA_PATH } from "~/lib/staff-area";

/** Links of the frame (spec §2), in one place so header, menu and footer agree. */
export const headerLinks = [
  { to: "/services", label: "Services" },
  { to: "/team", label: "Team" },
  { to: "/insurance", label: "Insurance" },
] as const;

export const quickLinks = [
  { to: "/services", label: "Services" },
  { to: "/insurance", label: "Insurance" },
  { to: "/team", label: "Team" },
  { to: "/blog", label: "Blog" },
  { to: "/virtual-visit", label: "Virtual Visit", track: "virtual_visit_click" },
  { to: "/request-appointment", label: "Request Appointment" },
] as const;

export const serviceLinks = [
  { to: "/psychiatric-evaluation", label: "Psychiatric Evaluation" },
  { to: "/medication-management", label: "Medication Management" },
  { to: "/therapy", label: "Therapy" },
  { to: "/anxiety-disorders", label: "Anxiety Disorders" },
  { to: "/depression", label: "Depression" },
  { to: "/adhd", label: "ADHD" },
] as const;

/** The policies every clinic site owes its visitors, linked at the foot of every page. */
export const legalLinks = [
  { to: "/privacy", label: "Privacy & HIPAA notice" },
  { to: "/accessibility", label: "Accessibility" },
  { to: "/terms", label: "Terms of use" },
  { to: "/non-discrimination", label: "Non-discrimination & language help" },
] as const;

export const socialLabels = {
  booking: "Book on Zocdoc",
  facebook: "Facebook",
  x: "X",
  instagram: "Instagram",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  youtube: "YouTube",
} as const;

/** Paths (prefixes) where the sticky mobile call-to-action stays hidden. */
export const NO_STICKY_CTA_PREFIXES = [STAFF_AREA_PATH, "/thank-you", "/request-appointment"] as const;

export function showsStickyCta(pathname: string): boolean {
  return !NO_STICKY_CTA_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * The footer's "Visit Our Clinic" card is left out where the page already is that: the home page, the
 * request form, and an office's page, which shows that office (with its map) and never the main office
 * as a second one (decision 0042).
 */
export function showsVisitBlock(pathname: string): boolean {
  return !/^\/(?:$|request-appointment|locations\/)/.test(pathname);
}
