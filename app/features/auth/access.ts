import type { StaffRole } from "~/db/schema";
import { STAFF_AREA_PATH, staffPath } from "~/lib/staff-area";

/**
 * Who may do what in the staff area: the one place the checks live (the
 * staff-area middleware, the JSON API and the navigation all ask here).
 * Anything not listed is refused: a new page must be added to STAFF_PAGES
 * before anyone can open it.
 */
export const permissions = {
  /** Leads, analytics, search, ads and the blog: the daily work. */
  "staff-area": ["admin", "staff"],
  /** Staff accounts, the audit trail and the area's settings. */
  "manage-staff": ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: StaffRole, permission: Permission): boolean {
  return (permissions[permission] as readonly StaffRole[]).includes(role);
}

export interface StaffPage {
  path: string;
  label: string;
  permission: Permission;
}

/** Every page of the staff area, in the order the navigation lists them. */
export const STAFF_PAGES: readonly StaffPage[] = [
  { path: staffPath(), label: "Overview", permission: "staff-area" },
  { path: staffPath("staff"), label: "Staff", permission: "manage-staff" },
  { path: staffPath("audit"), label: "Audit log", permission: "manage-staff" },
  { path: staffPath("account"), label: "Your account", permission: "staff-area" },
];

/**
 * The page entry that governs a path: its own, or its nearest listed parent's
 * (a lead's page under its list, say). "/admin" governs only itself.
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

/** Whether a role may open a staff-area path. Paths no page governs are refused. */
export function canOpen(role: StaffRole, pathname: string): boolean {
  const page = staffPageFor(pathname);
  return page !== undefined && can(role, page.permission);
}
