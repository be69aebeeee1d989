import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { csvHeaders, csvText } from "~/lib/csv.server";
import { rangeFileSlug, readRangeChoice } from "~/lib/date-range";
import { loadLeadReport } from "./lead-report.server";
import { REPORT_CSV_HEADER, reportCsvRows } from "./report-csv";

/**
 * The aggregate CSV (GET /admin/lead-insights/report.csv?range=…): the
 * report's figures as rows, for the same roles as the page. Each download is
 * audited as lead_report_exported with the range (days only). A range that
 * cannot be shown is a 400 with the sentence that says why.
 */
export async function leadReportCsv(db: Db, actor: AuditActor, params: URLSearchParams, now = new Date()) {
  const reading = readRangeChoice(params, now);
  if (!reading.ok) {
    return new Response(`${reading.problem}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const report = await loadLeadReport(db, reading.choice, now);
  const { range } = report;
  await audit(db, actor, {
    action: "lead_report_exported",
    detail: { range: { preset: range.preset, from: range.current.from, to: range.current.to } },
  });
  return new Response(csvText(REPORT_CSV_HEADER, reportCsvRows(report)), {
    headers: csvHeaders(`lead-report-${rangeFileSlug(range)}.csv`),
  });
}
