import { LEAD_INSIGHTS_PATH } from "~/lib/lead-paths";

/**
 * The aggregate CSV of the report: under the report's own path, so the
 * access table's entry for lead insights (lead-metrics) governs it too.
 */
export const LEAD_REPORT_CSV_PATH = `${LEAD_INSIGHTS_PATH}/report.csv`;
