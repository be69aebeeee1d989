import { data } from "react-router";
import { databaseContext } from "~/context";
import { DetailsPage } from "~/features/web-analytics/components/details-page";
import { detailsView } from "~/features/web-analytics/details.server";
import type { Route } from "./+types/analytics-details";

export function meta() {
  return [{ title: "Analytics details · Staff area" }];
}

/** /admin/analytics/details/:report: a breakdown's full list (or the goals'); an unknown report is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { status, view } = await detailsView(
    context.get(databaseContext).db,
    params.report,
    new URL(request.url).searchParams,
  );
  if (!view) throw data(null, { status: 404 });
  return status === 200 ? { ...view, report: params.report } : data({ ...view, report: params.report }, { status });
}

export default function AnalyticsDetailsRoute({ loaderData }: Route.ComponentProps) {
  return <DetailsPage {...loaderData} />;
}
