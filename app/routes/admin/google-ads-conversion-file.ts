import { databaseContext } from "~/context";
import { exportFile } from "~/features/ad-performance/conversions.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { csvHeaders } from "~/lib/csv.server";
import type { Route } from "./+types/google-ads-conversion-file";

/**
 * GET /admin/google-ads/conversions/:exportId: a file made on the page, as
 * CSV for Google Ads' upload (the page recorded and audited it when it was
 * made; downloading it again changes nothing). 404 for one that is not there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.exportId) ? Number(params.exportId) : null;
  const notFound = () =>
    new Response("There is no such file. Make one on the offline conversions page.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (id === null) return notFound();
  const { db } = context.get(databaseContext);
  const file = await readForStaff(() => exportFile(db, id));
  if (!file) return notFound();
  return new Response(file.text, { headers: csvHeaders(file.filename) });
}
