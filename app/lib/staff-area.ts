/**
 * The staff area as the rest of the site sees it: where it lives and the
 * cookie that marks a signed-in member. The one home of both, read by the
 * route table, the guard, robots, headers and the page cache alike.
 */
export const STAFF_AREA_PATH = "/admin";

/** The staff session cookie's name: the page cache steps aside for any request that carries it. */
export const SESSION_COOKIE_NAME = "__session";

/** A path inside the staff area, e.g. staffPath("leads") → "/admin/leads". */
export function staffPath(subpath = ""): string {
  return subpath ? `${STAFF_AREA_PATH}/${subpath.replace(/^\/+/, "")}` : STAFF_AREA_PATH;
}

/** /admin and below (never indexed, never cached, no public frame). */
export function isStaffAreaPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === STAFF_AREA_PATH || path.startsWith(`${STAFF_AREA_PATH}/`);
}

/** A staff page or its data request: /admin.data is not under /admin/. */
export function isStaffAreaRequest(pathname: string): boolean {
  return isStaffAreaPath(pathname) || pathname.toLowerCase() === `${STAFF_AREA_PATH}.data`;
}

/** The overview's list of requests waiting for a reply (its element id). */
export const WAITING_LIST_ID = "waiting";
