import { data } from "react-router";
import { databaseContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { PageDetailPage } from "~/features/seo-audit/components/page-detail-page";
import { pageDetail, readDetailPath } from "~/features/seo-audit/page-detail.server";
import type { Route } from "./+types/seo-page-detail";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const path = loaderData && "page" in loaderData ? loaderData.page.path : null;
  return [{ title: `${path ? `${path} · ` : ""}Site audit · Staff area` }];
}

/** /admin/seo/pages/detail?path=/services: one address's facts in the latest audit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = readDetailPath(new URL(request.url));
  if (path === null)
    throw data(
      { error: "Choose a page from the page list: this address does not say which." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const { db } = context.get(databaseContext);
  return readForStaff(() => pageDetail(db, path));
}

export default function SeoPageDetailRoute({ loaderData }: Route.ComponentProps) {
  return <PageDetailPage view={loaderData} />;
}
