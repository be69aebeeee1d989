import { data, redirect, type MiddlewareFunction } from "react-router";
import { databaseContext, staffContext } from "~/context";
import type { Db } from "~/db/client.server";
import { can, staffPageFor } from "./access";
import { isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
import { readSession, type ActiveSession } from "./session.server";
import { readSessionToken } from "./session-cookie.server";
import { SIGN_IN_PATH } from "./sign-in-status";
import { isTwoFactorRequired } from "./staff-settings.server";
import { isStaffAreaPath, STAFF_AREA_PATH, staffPath } from "~/lib/staff-area";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * How long sign-in and the session check wait for a database that does not
 * answer before saying so (503). Longer than a visitor's form gets: a
 * sign-in includes a deliberately slow password check.
 */
export const STAFF_DATABASE_DEADLINE_MS = 5000;

export const ACCOUNT_PATH = staffPath("account");
export const STAFF_AREA_UNAVAILABLE =
  "The staff area cannot reach its database right now. Please try again in a moment.";
export const FORBIDDEN_MESSAGE = "Your account does not have access to this page. Ask an administrator if you need it.";

/** The signed-in staff member for a request's cookie, or null. */
export async function currentStaff(db: Db, cookieHeader: string | null | undefined): Promise<ActiveSession | null> {
  const token = await readSessionToken(cookieHeader);
  if (!token) return null;
  return withDatabaseDeadline(() => readSession(db, token), STAFF_DATABASE_DEADLINE_MS);
}

/** The page a request is for, whether a document or a data request (`/admin/staff.data`). */
export function requestedPath(url: URL): string {
  return url.pathname.replace(/(\/_root)?\.data$/, "").replace(/\/_$/, "") || "/";
}

/** Only a path inside the staff area may be returned to after signing in (never another site). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith(STAFF_AREA_PATH) || value.startsWith("//") || value.includes("\\"))
    return STAFF_AREA_PATH;
  try {
    const url = new URL(value, "http://x");
    // React Router's list of routes to load belongs to one data request, never to a page's address.
    url.searchParams.delete("_routes");
    return url.host === "x" && isStaffAreaPath(url.pathname) ? url.pathname + url.search : STAFF_AREA_PATH;
  } catch {
    return STAFF_AREA_PATH;
  }
}

export function signInRedirect(path: string) {
  const back = safeReturnPath(path);
  return redirect(back === STAFF_AREA_PATH ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Runs before every loader and action of the staff area (the layout route's
 * middleware), so no admin HTML or data is produced for anyone else:
 * signed out → to /auth (and back after signing in); the wrong role → 403;
 * a one-time password or a missing required two-factor → the account page
 * first. The answer is never cached.
 */
export const staffAreaMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = context.get(databaseContext);
  const url = new URL(request.url);
  const path = requestedPath(url);
  let active: ActiveSession | null;
  try {
    active = await currentStaff(db, request.headers.get("cookie"));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    throw data({ error: STAFF_AREA_UNAVAILABLE }, { status: 503, headers: { ...NO_STORE, "Retry-After": "5" } });
  }
  if (!active) throw signInRedirect(path + url.search);
  const page = staffPageFor(path);
  if (!page) throw data({ error: "There is no staff page at this address." }, { status: 404, headers: NO_STORE });
  if (!can(active.user.roles, page.permission))
    throw data({ error: FORBIDDEN_MESSAGE }, { status: 403, headers: NO_STORE });
  if (path !== ACCOUNT_PATH) {
    const mustEnrol = !active.user.totpEnabledAt && (await isTwoFactorRequired(db));
    if (active.user.mustChangePassword || mustEnrol) throw redirect(ACCOUNT_PATH);
  }
  context.set(staffContext, active);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

/**
 * A staff page's reads, answered with the staff area's 503 page (and
 * Retry-After) when the database goes away mid-request, instead of a 500.
 */
export async function readForStaff<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withDatabaseDeadline(work, STAFF_DATABASE_DEADLINE_MS);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    throw data({ error: STAFF_AREA_UNAVAILABLE }, { status: 503, headers: { ...NO_STORE, "Retry-After": "5" } });
  }
}
