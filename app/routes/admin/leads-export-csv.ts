import { clientContext, databaseContext, staffContext } from "~/context";
import { audit } from "~/features/auth/audit.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { readExportColumns } from "~/features/lead-inbox/export-columns";
import { exportBatches, exportHeader, prepareExport } from "~/features/lead-inbox/export.server";
import { filterParams, readInboxView } from "~/features/lead-inbox/inbox-params";
import { dayKey, clinicDayOf } from "~/lib/clinic-time";
import { csvHeaders, csvStream } from "~/lib/csv.server";
import type { Route } from "./+types/leads-export-csv";

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The CSV file of the leads matching the inbox's filters, with the columns
 * chosen on the export page (intake and administrators: access.ts). The
 * export is written to the audit log (filters, columns, how many leads)
 * before the first byte, then streamed a batch at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const url = new URL(request.url);
  const { filters } = readInboxView(url.searchParams);
  const columns = readExportColumns(url.searchParams.get("columns"));
  if (!columns) return plain(400, "Choose the columns of the export on the export page: one or more known columns.");
  const asOf = new Date();
  const prepared = await readForStaff(() => prepareExport(db, filters, user.id, asOf));
  if (prepared.count === 0) return plain(422, "No leads match these filters, so there is nothing to export.");
  await readForStaff(() =>
    audit(
      db,
      { id: user.id, email: user.email, ip: context.get(clientContext).ip },
      { action: "leads_exported", detail: { filters: filterParams(filters), columns, rows: prepared.count } },
    ),
  );
  return new Response(csvStream(exportHeader(columns), exportBatches(db, prepared.query, columns)), {
    headers: csvHeaders(`leads-${dayKey(clinicDayOf(asOf))}.csv`),
  });
}
