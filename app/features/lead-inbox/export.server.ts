import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insuranceProviders, leads, locations, users } from "~/db/schema";
import {
  contactMethodLabels,
  contactTimeLabels,
  OTHER_INSURANCE,
  SELF_PAY,
  visitTypeLabels,
} from "~/features/leads/appointment-options";
import { readLeadSettings } from "~/features/leads/lead-settings.server";
import { formTypeWords, statusWords } from "~/features/leads/lead-words";
import { formatClinicDateTime } from "~/lib/clinic-time";
import type { CsvCell } from "~/lib/csv.server";
import { exportColumns, type ExportColumnId } from "./export-columns";
import type { InboxFilters } from "./inbox-params";
import { inboxWhere } from "./inbox-query.server";

/** Rows read per statement while streaming: memory stays flat whatever the export's size. */
export const EXPORT_BATCH = 1000;

export interface ExportQuery {
  filters: InboxFilters;
  me: string;
  promiseHours: number;
  /** Leads that arrive while the file is written are not in it: the file is the list as it was asked for. */
  asOf: Date;
}

const where = (query: ExportQuery) => and(inboxWhere({ ...query, now: query.asOf }), lte(leads.createdAt, query.asOf));

/** How many leads an export of these filters holds. */
export async function countForExport(db: Db, query: ExportQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(leads)
    .where(where(query));
  return row?.n ?? 0;
}

/** An export of the inbox's filters as of now (the overdue filter counts against the promise setting), and its size. */
export async function prepareExport(
  db: Db,
  filters: InboxFilters,
  me: string,
  asOf = new Date(),
): Promise<{ query: ExportQuery; count: number }> {
  const { promiseHours } = await readLeadSettings(db);
  const query = { filters, me, promiseHours, asOf };
  return { query, count: await countForExport(db, query) };
}

const selection = {
  id: leads.id,
  createdAt: leads.createdAt,
  createdText: sql<string>`${leads.createdAt}::text`,
  formType: leads.formType,
  status: leads.status,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  phone: leads.phone,
  service: leads.service,
  smsOptIn: leads.smsOptIn,
  details: leads.details,
  attribution: leads.attribution,
  channel: leads.channel,
  campaign: leads.campaign,
  landingPage: leads.landingPage,
  assignedName: users.name,
  firstContactedAt: leads.firstContactedAt,
  scheduledAt: leads.scheduledAt,
  becamePatientAt: leads.becamePatientAt,
};
type ExportRow = Awaited<ReturnType<typeof readBatch>>[number];

function readBatch(db: Db, query: ExportQuery, after: { createdText: string; id: string } | undefined) {
  const cursor = after
    ? sql`(${leads.createdAt}, ${leads.id}) < (${after.createdText}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(selection)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(and(where(query), cursor))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(EXPORT_BATCH);
}

/** Names for the slugs a request keeps (offices, insurers), read once per export. */
async function namesOf(db: Db) {
  const [offices, insurers] = await Promise.all([
    db.select({ slug: locations.slug, name: locations.name }).from(locations),
    db.select({ slug: insuranceProviders.slug, name: insuranceProviders.name }).from(insuranceProviders),
  ]);
  return {
    offices: new Map(offices.map((o) => [o.slug, o.name])),
    insurers: new Map(insurers.map((i) => [i.slug, i.name])),
  };
}

const when = (at: Date | null) => (at ? formatClinicDateTime(at) : "");
const text = (value: unknown) => (typeof value === "string" ? value : "");

function cellOf(column: ExportColumnId, row: ExportRow, names: Awaited<ReturnType<typeof namesOf>>): CsvCell {
  const details = row.details;
  const isCall = row.formType === "phone_click";
  switch (column) {
    case "received":
      return formatClinicDateTime(row.createdAt);
    case "form":
      return formTypeWords[row.formType];
    case "status":
      return statusWords[row.status];
    case "firstName":
      return isCall ? "" : row.firstName;
    case "lastName":
      return isCall ? "" : row.lastName;
    case "email":
      return isCall ? "" : row.email;
    case "phone":
      // A tapped phone link holds the clinic's own number, not the person's.
      return isCall ? "" : row.phone;
    case "service":
      return row.service ?? "";
    case "preferredContact":
      return contactMethodLabels[text(details.preferredContact) as keyof typeof contactMethodLabels] ?? "";
    case "preferredTime":
      return contactTimeLabels[text(details.preferredTime) as keyof typeof contactTimeLabels] ?? "";
    case "visitType":
      return visitTypeLabels[text(details.visitType) as keyof typeof visitTypeLabels] ?? "";
    case "office": {
      const slug = text(details.location);
      return slug === "no_preference" ? "No preference" : (names.offices.get(slug) ?? slug);
    }
    case "insurance": {
      const slug = text(details.insurance);
      if (slug === SELF_PAY) return "Self-pay";
      if (slug === OTHER_INSURANCE) return `Other: ${text(details.insuranceOther)}`.replace(/: $/, "");
      return names.insurers.get(slug) ?? slug;
    }
    case "smsOptIn":
      return row.smsOptIn ? "Yes" : "No";
    case "note":
      return text(details.note);
    case "channel":
      return row.channel;
    case "campaign":
      return row.campaign ?? "";
    case "utmSource":
      return text(row.attribution.utmSource);
    case "utmMedium":
      return text(row.attribution.utmMedium);
    case "landingPage":
      return row.landingPage ?? "";
    case "assignedTo":
      return row.assignedName ?? "";
    case "firstContacted":
      return when(row.firstContactedAt);
    case "scheduled":
      return when(row.scheduledAt);
    case "becamePatient":
      return when(row.becamePatientAt);
  }
}

/** The header line of an export with these columns. */
export function exportHeader(columns: readonly ExportColumnId[]): string[] {
  return columns.map((id) => exportColumns.find((column) => column.id === id)!.label);
}

/**
 * The export's rows, newest first, a batch at a time by keyset: each batch
 * is read only when the previous one has been written out.
 */
export async function* exportBatches(
  db: Db,
  query: ExportQuery,
  columns: readonly ExportColumnId[],
): AsyncGenerator<CsvCell[][]> {
  const names = await namesOf(db);
  let after: { createdText: string; id: string } | undefined;
  for (;;) {
    const rows = await readBatch(db, query, after);
    if (rows.length === 0) return;
    yield rows.map((row) => columns.map((column) => cellOf(column, row, names)));
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1)!;
    after = { createdText: last.createdText, id: last.id };
  }
}
