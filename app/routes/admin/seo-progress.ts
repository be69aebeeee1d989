import { databaseContext, servicesContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { auditProgress } from "~/features/seo-audit/progress.server";
import type { Route } from "./+types/seo-progress";

/** /admin/seo/progress (access.ts: admin and marketing, as /admin/seo): the running check's progress, as JSON. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return Response.json(await readForStaff(() => auditProgress(db, context.get(servicesContext).seoAudit)));
}
