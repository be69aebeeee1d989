import type { QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "~/lib/query-client";
import type { StaffUser } from "./staff-user";

/** The query key of the signed-in user (spec §4: fetched from GET /api/user). */
export const STAFF_USER_KEY = ["/api/user"] as const;

let browserClient: QueryClient | undefined;

/**
 * The staff area's query client: one per page load in the browser, so a
 * sign-in on /auth and the staff area share what they know; a fresh one per
 * render on the server, so nothing leaks between requests.
 */
export function staffQueryClient(): QueryClient {
  if (typeof document === "undefined") return createQueryClient();
  return (browserClient ??= createQueryClient());
}

/** A successful sign-in stores the returned user; a sign-out clears it (spec §4). */
export function rememberStaffUser(user: StaffUser | null) {
  staffQueryClient().setQueryData(STAFF_USER_KEY, user);
}
