import { databaseContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { InventoryPage } from "~/features/seo-audit/components/inventory-page";
import { inventoryData } from "~/features/seo-audit/inventory.server";
import type { Route } from "./+types/seo-pages";

export function meta() {
  return [{ title: "Pages · Site audit · Staff area" }];
}

/** /admin/seo/pages (access.ts: the SEO_PATH entry, admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => inventoryData(db, new URL(request.url)));
}

export default function SeoPagesRoute({ loaderData }: Route.ComponentProps) {
  return <InventoryPage data={loaderData} />;
}
