import { databaseContext } from "~/context";
import { notFoundCsv } from "~/features/seo-redirects/not-found-export.server";
import type { Route } from "./+types/seo-not-found-csv";

/** GET /admin/seo/not-found/export.csv: the monitor's rows of the view asked for (paths and counts only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return notFoundCsv(context.get(databaseContext).db, new URL(request.url).searchParams);
}
