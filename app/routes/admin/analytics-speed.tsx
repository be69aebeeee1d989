import { data } from "react-router";
import { databaseContext } from "~/context";
import { SpeedPage } from "~/features/web-analytics/components/speed-page";
import { speedView } from "~/features/web-analytics/speed.server";
import type { Route } from "./+types/analytics-speed";

export function meta() {
  return [{ title: "Site speed · Analytics · Staff area" }];
}

/** /admin/analytics/speed: real visitors' web vitals for the range and filters (access.ts: site-analytics). A range that cannot be shown: 400. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, view } = await speedView(context.get(databaseContext).db, new URL(request.url).searchParams);
  return status === 200 ? view : data(view, { status });
}

export default function AnalyticsSpeedRoute({ loaderData }: Route.ComponentProps) {
  return <SpeedPage {...loaderData} />;
}
