import type { Db } from "~/db/client.server";
import { readRangeChoice } from "~/lib/date-range";
import { hrefWith } from "~/lib/url-filters";
import type { LeadReportView } from "./components/lead-report-page";
import { loadLeadReport } from "./lead-report.server";
import { LEAD_REPORT_CSV_PATH } from "./report-paths";

/**
 * The page's data for the address asked: the report for its range, or (400)
 * the range picker with the sentence saying why the range cannot be shown.
 */
export async function leadReportView(
  db: Db,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ status: 200 | 400; view: LeadReportView }> {
  const reading = readRangeChoice(params, now);
  if (!reading.ok) {
    const { problem, field, typed } = reading;
    return { status: 400, view: { report: null, refused: { problem, field, typed }, csvHref: null } };
  }
  const report = await loadLeadReport(db, reading.choice, now);
  return {
    status: 200,
    view: { report, notice: reading.notice, csvHref: hrefWith(LEAD_REPORT_CSV_PATH, report.range.query) },
  };
}
