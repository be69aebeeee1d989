import { hrefWith } from "~/lib/url-filters";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";
import { filterParams, type InboxFilters } from "./inbox-params";

/**
 * The columns a CSV export of leads can hold (intake and administrators
 * only). Each export names its columns, so a file holds no more of a
 * person than the task needs (HIPAA's minimum necessary).
 */
export const exportColumns = [
  { id: "received", label: "Received (Eastern time)", personal: false, preset: true },
  { id: "form", label: "Form", personal: false, preset: true },
  { id: "status", label: "Status", personal: false, preset: true },
  { id: "firstName", label: "First name", personal: true, preset: true },
  { id: "lastName", label: "Last name", personal: true, preset: true },
  { id: "email", label: "E-mail", personal: true, preset: true },
  { id: "phone", label: "Phone", personal: true, preset: true },
  { id: "service", label: "Service", personal: false, preset: true },
  { id: "preferredContact", label: "Preferred contact", personal: false, preset: true },
  { id: "preferredTime", label: "Preferred time", personal: false, preset: true },
  { id: "visitType", label: "Visit type", personal: false, preset: false },
  { id: "office", label: "Office", personal: false, preset: false },
  { id: "insurance", label: "Insurance", personal: true, preset: false },
  { id: "smsOptIn", label: "Agreed to texts", personal: false, preset: false },
  { id: "note", label: "Their note", personal: true, preset: false },
  { id: "channel", label: "Channel", personal: false, preset: true },
  { id: "campaign", label: "Campaign", personal: false, preset: true },
  { id: "utmSource", label: "UTM source", personal: false, preset: false },
  { id: "utmMedium", label: "UTM medium", personal: false, preset: false },
  { id: "landingPage", label: "Landing page", personal: false, preset: false },
  { id: "assignedTo", label: "Assigned to", personal: false, preset: false },
  { id: "firstContacted", label: "First contacted (Eastern time)", personal: false, preset: false },
  { id: "scheduled", label: "Scheduled (Eastern time)", personal: false, preset: false },
  { id: "becamePatient", label: "Became a patient (Eastern time)", personal: false, preset: false },
] as const;

export type ExportColumnId = (typeof exportColumns)[number]["id"];
export const exportColumnIds = exportColumns.map((column) => column.id) as ExportColumnId[];

export const EXPORT_PAGE_PATH = `${LEADS_INBOX_PATH}/export`;
export const EXPORT_FILE_PATH = `${LEADS_INBOX_PATH}/export.csv`;

/** The export page for the inbox's current filters. */
export function exportPageHref(filters: InboxFilters): string {
  return hrefWith(EXPORT_PAGE_PATH, filterParams(filters));
}

/** The file itself: the filters and the chosen columns (ids only; never a person). */
export function exportFileHref(filters: InboxFilters, columns: readonly ExportColumnId[]): string {
  return hrefWith(EXPORT_FILE_PATH, { ...filterParams(filters), columns: columns.join(",") });
}

/** The columns named in `columns=a,b,c`, in the order of the list, or null if any is unknown or none given. */
export function readExportColumns(value: string | null): ExportColumnId[] | null {
  if (!value) return null;
  const asked = new Set(value.split(","));
  if ([...asked].some((id) => !exportColumnIds.includes(id as ExportColumnId))) return null;
  const chosen = exportColumnIds.filter((id) => asked.has(id));
  return chosen.length > 0 ? chosen : null;
}
