import { useRouteLoaderData } from "react-router";
import type { StaffRole } from "~/db/schema";
import type { StaffUser } from "./staff-user";

/** The signed-in person's roles, from the staff area's layout (none outside it). */
export function useStaffRoles(): readonly StaffRole[] {
  return useRouteLoaderData<{ user: StaffUser }>("routes/admin/layout")?.user.roles ?? [];
}
