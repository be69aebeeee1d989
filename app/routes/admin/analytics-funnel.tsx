import { data } from "react-router";
import { databaseContext } from "~/context";
import { FunnelPage } from "~/features/web-analytics/components/funnel-page";
import { funnelView } from "~/features/web-analytics/funnel.server";
import type { Route } from "./+types/analytics-funnel";

export function meta() {
  return [{ title: "Request funnel · Analytics · Staff area" }];
}

/** /admin/analytics/funnel: visits from landing to a request, step by step. A range that cannot be shown: 400. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, view } = await funnelView(context.get(databaseContext).db, new URL(request.url).searchParams);
  return status === 200 ? view : data(view, { status });
}

export default function AnalyticsFunnelRoute({ loaderData }: Route.ComponentProps) {
  return <FunnelPage {...loaderData} />;
}
