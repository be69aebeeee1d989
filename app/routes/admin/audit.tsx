import { databaseContext } from "~/context";
import { AuditPage } from "~/features/audit/components/audit-page";
import {
  auditActionOptions,
  auditPeople,
  listAuditEntries,
  parseAuditFilters,
} from "~/features/audit/audit-log.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Staff area" }];
}

/** /admin/audit: administrators only (access.ts); read-only, so there is no action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { page, ...filters } = parseAuditFilters(new URL(request.url).searchParams);
  const [log, people] = await Promise.all([listAuditEntries(db, { ...filters, page }), auditPeople(db)]);
  return { log, filters, people, actions: auditActionOptions() };
}

export default function AuditRoute({ loaderData }: Route.ComponentProps) {
  return <AuditPage {...loaderData} />;
}
