import { data } from "react-router";
import { databaseContext } from "~/context";
import { PerformancePage } from "~/features/ad-performance/components/performance-page";
import { performancePageData } from "~/features/ad-performance/performance-page.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import type { Route } from "./+types/google-ads";

export function meta() {
  return [{ title: "Google Ads · Staff area" }];
}

/** /admin/google-ads (access.ts: admin and marketing): what each campaign costs and brings, for a range. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { status, view } = await readForStaff(() => performancePageData(db, new URL(request.url)));
  return data(view, { status });
}

export default function GoogleAdsRoute({ loaderData }: Route.ComponentProps) {
  return <PerformancePage {...loaderData} />;
}
