import { databaseContext, staffContext } from "~/context";
import { can } from "~/features/auth/access";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Overview · Staff area" }];
}

/** Every signed-in staff member's first page (the layout's middleware has checked the session). */
export async function loader({ context }: Route.LoaderArgs) {
  const leadDetails = can(context.get(staffContext).user.roles, "lead-details");
  return { dashboard: await loadDashboard(context.get(databaseContext).db, { leadDetails }) };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return <DashboardPage dashboard={loaderData.dashboard} />;
}
