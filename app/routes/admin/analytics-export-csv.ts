import { databaseContext } from "~/context";
import { analyticsCsv } from "~/features/web-analytics/export.server";
import type { Route } from "./+types/analytics-export-csv";

/** GET /admin/analytics/export.csv: a view's figures as CSV (counts only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return analyticsCsv(context.get(databaseContext).db, new URL(request.url).searchParams);
}
