import type { Db } from "~/db/client.server";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { duplicateRows, eventRows, leadRow, staffRows, visitPageRows } from "./lead-record-rows.server";
import type { LeadRecord } from "./lead-record-types";
import { leadRecordView } from "./lead-record-view";

/**
 * One lead's page, or null when there is no such lead. The reads are
 * independent (each finds the lead by its primary key itself), so they go
 * together, each on an index: the lead with its joins, its timeline, its
 * possible duplicates, its visit's pages, the staff, the settings.
 */
export async function loadLeadRecord(db: Db, id: string, now = new Date()): Promise<LeadRecord | null> {
  const [[lead], events, duplicates, pages, staff, settings] = await Promise.all([
    leadRow(db, id),
    eventRows(db, id),
    duplicateRows(db, id),
    visitPageRows(db, id),
    staffRows(db),
    readLeadSettings(db),
  ]);
  if (!lead) return null;
  return leadRecordView({ lead, events, duplicates, pages, staff, promiseHours: settings.promiseHours, now });
}
