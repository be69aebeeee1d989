import { data } from "react-router";
import { databaseContext } from "~/context";
import { LeadReportPage } from "~/features/lead-report/components/lead-report-page";
import { leadReportView } from "~/features/lead-report/lead-report-view.server";
import type { Route } from "./+types/lead-insights";

export function meta() {
  return [{ title: "Lead insights · Staff area" }];
}

/**
 * /admin/lead-insights: the report of counts and rates (access.ts: lead-metrics, so admin, intake and
 * marketing alike; it shows no person, so it is the same for each). A range that cannot be shown: 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, view } = await leadReportView(context.get(databaseContext).db, new URL(request.url).searchParams);
  return status === 200 ? view : data(view, { status });
}

export default function LeadInsightsRoute({ loaderData }: Route.ComponentProps) {
  return <LeadReportPage {...loaderData} />;
}
