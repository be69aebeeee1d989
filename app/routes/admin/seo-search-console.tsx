import { configContext, databaseContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ReportPage } from "~/features/search-console/components/report-page";
import { reportPageData } from "~/features/search-console/report-page.server";
import type { Route } from "./+types/seo-search-console";

export function meta() {
  return [{ title: "Search Console · Staff area" }];
}

/** /admin/seo/search-console (access.ts: admin and marketing): one imported period's opportunities and pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { publicUrl } = context.get(configContext);
  return readForStaff(() => reportPageData(db, new URL(request.url), publicUrl));
}

export default function SeoSearchConsoleRoute({ loaderData }: Route.ComponentProps) {
  return <ReportPage {...loaderData} />;
}
