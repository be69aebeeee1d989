import { data } from "react-router";
import { databaseContext } from "~/context";
import { SearchTermsPage } from "~/features/ad-performance/components/search-terms-page";
import { searchTermsPageData } from "~/features/ad-performance/search-terms-page.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import type { Route } from "./+types/google-ads-search-terms";

export function meta() {
  return [{ title: "Google Ads search terms · Staff area" }];
}

/** /admin/google-ads/search-terms (governed by the Ads page in access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { status, view } = await readForStaff(() => searchTermsPageData(db, new URL(request.url)));
  return data(view, { status });
}

export default function GoogleAdsSearchTermsRoute({ loaderData }: Route.ComponentProps) {
  return <SearchTermsPage {...loaderData} />;
}
