import { data } from "react-router";
import { databaseContext, staffContext } from "~/context";
import { can } from "~/features/auth/access";
import { overviewView } from "~/features/web-analytics/analytics-view.server";
import { OverviewPage } from "~/features/web-analytics/components/overview-page";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: "Analytics · Staff area" }];
}

/**
 * /admin/analytics: the website's visits as counts (access.ts: site-analytics, admin and marketing).
 * Range, filters, the figure charted and each card's tab live in the address. A range that cannot be shown: 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, view } = await overviewView(context.get(databaseContext).db, new URL(request.url).searchParams);
  // Administrators reach the settings from here.
  const settingsLink = can(context.get(staffContext).user.roles, "manage-staff");
  return status === 200 ? { ...view, settingsLink } : data({ ...view, settingsLink }, { status });
}

export default function AnalyticsRoute({ loaderData }: Route.ComponentProps) {
  return <OverviewPage {...loaderData} />;
}
