import type { StaffRole } from "~/db/schema";
import { STAFF_AREA_PATH, staffPath } from "~/lib/staff-area";
import { ADS_PATH, ADS_SETUP_PATH } from "~/lib/ads-paths";
import { ANALYTICS_PATH, ANALYTICS_SETTINGS_PATH } from "~/lib/analytics-paths";
import { CONTENT_PATH } from "~/lib/content-paths";
import { IMAGES_PATH } from "~/lib/image-paths";
import { SEO_PATH } from "~/lib/seo-paths";
import { BLOG_ADMIN_PATH, BLOG_GENERATOR_PATH } from "~/lib/blog-paths";
import { LEAD_INSIGHTS_PATH, LEAD_SETTINGS_PATH, LEADS_INBOX_PATH } from "~/lib/lead-paths";

/**
 * Who may do what in the staff area: the one place the checks live (the
 * staff-area middleware, the JSON API, the pages and the navigation all ask
 * here). A person holds one or more roles and may do what any of them may
 * (decision 0025: HIPAA's minimum necessary). Anything not listed is refused:
 * a new page must be added to STAFF_PAGES before anyone can open it.
 */
export const permissions = {
  /** Signed in at all: the overview's counts, your own account. */
  "staff-area": ["admin", "intake", "marketing", "clinician"],
  /** Leads as people: names, contact details, notes, what they asked for, exports of them. */
  "lead-details": ["admin", "intake"],
  /** Leads as counts and rates: the lead insights report and its aggregate export, never a person. */
  "lead-metrics": ["admin", "intake", "marketing"],
  /** The website's visits, sources, goals and speed: counts only, never a person. */
  "site-analytics": ["admin", "marketing"],
  /** Search optimisation: the site audit, pages' search settings, Search Console's searches, redirects and the 404s visitors hit (pages, paths and counts, never a person). */
  seo: ["admin", "marketing"],
  /**
   * Google Ads performance: imported ad reports joined with visits and lead counts, budgets, and the
   * offline-conversion file for Google (click ids and times only, never a name or contact).
   */
  ads: ["admin", "marketing"],
  /** The blog: writing drafts (by hand or with the generator) and sending them to review; never a lead or a patient. */
  blog: ["admin", "marketing", "clinician"],
  /** Approve a blog post, and let a draft past its safety checks with a written reason: licensed clinicians only. */
  "blog-approve": ["clinician"],
  /** The site's content: the clinic's settings, its offices, the FAQ, testimonials, insurers, conditions, treatments and pages. */
  content: ["admin", "marketing"],
  /** Upload and delete images for the blog and the site's content (issue 18's featured images, issue 19's photos). */
  images: ["admin", "marketing", "clinician"],
  /** Staff accounts, the audit trail and the area's settings. */
  "manage-staff": ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof permissions;

/** Whether someone holding these roles may do this. */
export function can(roles: readonly StaffRole[], permission: Permission): boolean {
  const allowed: readonly StaffRole[] = permissions[permission];
  return roles.some((role) => allowed.includes(role));
}

export interface StaffPage {
  path: string;
  label: string;
  permission: Permission;
  /** Reached from another page rather than the navigation (a settings page, say). */
  inNav?: false;
}

/**
 * Every page of the staff area, in the order the navigation lists them. A
 * page also governs every address below it that has no entry of its own
 * (a lead's page and the export under the inbox, say).
 */
export const STAFF_PAGES: readonly StaffPage[] = [
  { path: staffPath(), label: "Overview", permission: "staff-area" },
  { path: LEADS_INBOX_PATH, label: "Leads", permission: "lead-details" },
  { path: LEAD_INSIGHTS_PATH, label: "Lead insights", permission: "lead-metrics" },
  { path: LEAD_SETTINGS_PATH, label: "Lead settings", permission: "manage-staff", inNav: false },
  { path: ANALYTICS_PATH, label: "Analytics", permission: "site-analytics" },
  { path: ANALYTICS_SETTINGS_PATH, label: "Analytics settings", permission: "manage-staff", inNav: false },
  // Everything under /admin/seo (the audit, its pages, redirects, the 404 monitor): one entry, the section's tabs.
  { path: SEO_PATH, label: "Search", permission: "seo" },
  { path: ADS_PATH, label: "Ads", permission: "ads" },
  // The blog's posts, their editor (and the generator under it).
  { path: BLOG_ADMIN_PATH, label: "Blog", permission: "blog" },
  // The third-party tags of the public site (IDs, where they run, the guardrails): a tab of the Ads section.
  { path: ADS_SETUP_PATH, label: "Ads set-up", permission: "manage-staff", inNav: false },
  // The clinic's settings and its offices; saving publishes (issue 19).
  { path: CONTENT_PATH, label: "Site content", permission: "content" },
  // The blog's draft generator (its stream below it): reached from the list, a tab of the Blog section.
  { path: BLOG_GENERATOR_PATH, label: "Blog generator", permission: "blog", inNav: false },
  // Uploads of images (JSON, used by the editors' image fields); /admin/images/:id under it.
  { path: IMAGES_PATH, label: "Images", permission: "images", inNav: false },
  { path: staffPath("staff"), label: "Staff", permission: "manage-staff" },
  { path: staffPath("audit"), label: "Audit log", permission: "manage-staff" },
  { path: staffPath("account"), label: "Your account", permission: "staff-area" },
];

/**
 * The page entry that governs a path: its own, or its nearest listed parent's
 * (a lead's page under its list, say). The overview governs only itself.
 */
export function staffPageFor(pathname: string): StaffPage | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: StaffPage | undefined;
  for (const page of STAFF_PAGES) {
    const governs = path === page.path || (page.path !== STAFF_AREA_PATH && path.startsWith(`${page.path}/`));
    if (governs && (!best || page.path.length > best.path.length)) best = page;
  }
  return best;
}

/** Whether someone holding these roles may open a staff-area path. Paths no page governs are refused. */
export function canOpen(roles: readonly StaffRole[], pathname: string): boolean {
  const page = staffPageFor(pathname);
  return page !== undefined && can(roles, page.permission);
}
