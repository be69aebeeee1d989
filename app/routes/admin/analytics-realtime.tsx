import { databaseContext } from "~/context";
import { RealtimePage } from "~/features/web-analytics/components/realtime-page";
import { realtimeView } from "~/features/web-analytics/realtime.server";
import type { Route } from "./+types/analytics-realtime";

export function meta() {
  return [{ title: "Right now · Analytics · Staff area" }];
}

/** /admin/analytics/realtime: who is on the website now (access.ts: site-analytics). Filters from the address; no range. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return realtimeView(context.get(databaseContext).db, new URL(request.url).searchParams);
}

export default function AnalyticsRealtimeRoute({ loaderData }: Route.ComponentProps) {
  return <RealtimePage {...loaderData} />;
}
