import { databaseContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { inventoryCsv } from "~/features/seo-audit/inventory-csv.server";
import type { Route } from "./+types/seo-pages-csv";

/** /admin/seo/pages.csv: the inventory as a spreadsheet, with the page list's filters and order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const file = await readForStaff(() => inventoryCsv(db, new URL(request.url)));
  return new Response(file.body, { headers: file.headers });
}
