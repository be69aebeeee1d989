import { databaseContext } from "~/context";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Overview · Staff area" }];
}

/** Every signed-in staff member's first page (the layout's middleware has checked the session). */
export async function loader({ context }: Route.LoaderArgs) {
  return { dashboard: await loadDashboard(context.get(databaseContext).db) };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return <DashboardPage dashboard={loaderData.dashboard} />;
}
