import { z } from "zod";
import { leadFormTypes, leadStatuses, type LeadFormType, type LeadStatus } from "~/db/schema/lead-values";
import { CHANNELS } from "~/features/analytics/traffic-source";
import { formTypeWords, statusWords } from "~/features/leads/lead-words";
import { parseDayKey } from "~/lib/clinic-time";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";
import { hrefWith, readParams } from "~/lib/url-filters";

/**
 * What the inbox shows, as it lives in the address (decision 0026): choices,
 * dates and staff ids only. A search by name, e-mail or phone is never
 * here: it is posted (see inbox.server.ts), because an address ends up in
 * browser history and server logs.
 */

/** A status, or a group of them. */
export const statusChoices = ["open", "finished", ...leadStatuses] as const;
export type StatusChoice = (typeof statusChoices)[number];
export const OPEN_STATUSES: readonly LeadStatus[] = ["new", "contacted", "scheduled"];

export const sortChoices = ["newest", "oldest", "status", "status-desc", "name", "name-desc"] as const;
export type InboxSort = (typeof sortChoices)[number];

/** Assigned to: a staff member's id, "me", or "none". */
const assignee = z.union([z.literal("me"), z.literal("none"), z.uuid()]);
const dayKey = z.string().refine((v) => parseDayKey(v) !== null);
const label = z.string().trim().min(1).max(200);

const schemas = {
  status: z.enum(statusChoices),
  form: z.enum(leadFormTypes),
  service: label,
  channel: z.enum(CHANNELS),
  campaign: label,
  from: dayKey,
  to: dayKey,
  overdue: z.literal("1"),
  assigned: assignee,
  sort: z.enum(sortChoices),
  after: z.string().max(400),
  before: z.string().max(400),
};

export interface InboxFilters {
  status?: StatusChoice;
  form?: LeadFormType;
  service?: string;
  channel?: (typeof CHANNELS)[number];
  campaign?: string;
  /** Clinic days, inclusive. */
  from?: string;
  to?: string;
  overdue?: boolean;
  assigned?: string;
}

export interface InboxView {
  filters: InboxFilters;
  sort: InboxSort;
  after?: string;
  before?: string;
  /** Parameters that did not make sense and were left out (named on the page). */
  ignored: string[];
}

const FILTER_NAMES = ["status", "form", "service", "channel", "campaign", "from", "to", "overdue", "assigned"] as const;

/** The inbox view an address asks for; what does not parse is left out and named. */
export function readInboxView(params: URLSearchParams): InboxView {
  const { values, ignored } = readParams(params, schemas);
  const { sort, after, before, overdue, ...rest } = values;
  const filters: InboxFilters = { ...rest, ...(overdue ? { overdue: true } : {}) };
  if (filters.from && filters.to && filters.from > filters.to) {
    delete filters.to;
    ignored.push("to");
  }
  return { filters, sort: sort ?? "newest", after, before, ignored };
}

/** The filters as address parameters, in a fixed order. */
export function filterParams(filters: InboxFilters): Record<string, string | boolean | undefined> {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, filters[name]]));
}

/** The inbox with these filters and this sort (first page unless a cursor is given). */
export function inboxHref(
  filters: InboxFilters,
  sort: InboxSort = "newest",
  cursor: { after?: string; before?: string } = {},
): string {
  return hrefWith(LEADS_INBOX_PATH, {
    ...filterParams(filters),
    sort: sort === "newest" ? undefined : sort,
    ...cursor,
  });
}

export function hasFilters(filters: InboxFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== undefined);
}

export const statusChoiceWords: Record<StatusChoice, string> = {
  open: "Open (new, contacted or scheduled)",
  finished: "Finished (patient or closed)",
  ...statusWords,
};

/** The sort a column header links to: the other direction when already sorted by it. */
export function headerSort(column: "received" | "status" | "name", current: InboxSort): InboxSort {
  if (column === "received") return current === "newest" ? "oldest" : "newest";
  if (column === "status") return current === "status" ? "status-desc" : "status";
  return current === "name" ? "name-desc" : "name";
}

/** How the table is sorted by a column now (for aria-sort). */
export function sortedBy(column: "received" | "status" | "name", current: InboxSort) {
  const map: Record<InboxSort, [string, "ascending" | "descending"]> = {
    newest: ["received", "descending"],
    oldest: ["received", "ascending"],
    status: ["status", "ascending"],
    "status-desc": ["status", "descending"],
    name: ["name", "ascending"],
    "name-desc": ["name", "descending"],
  };
  const [by, direction] = map[current];
  return by === column ? direction : "none";
}

/** The filters now on, in words, each with the address of the list without it. */
export function activeFilterChips(
  filters: InboxFilters,
  sort: InboxSort,
  names: { assigned?: string },
): { label: string; removeHref: string }[] {
  const words: Record<(typeof FILTER_NAMES)[number], (value: string) => string> = {
    status: (v) => `Status: ${statusChoiceWords[v as StatusChoice]}`,
    form: (v) => `Form: ${formTypeWords[v as LeadFormType]}`,
    service: (v) => `Service: ${v}`,
    channel: (v) => `Channel: ${v}`,
    campaign: (v) => `Campaign: ${v}`,
    from: (v) => `From ${v}`,
    to: (v) => `Until ${v}`,
    overdue: () => "Past the promise",
    assigned: (v) =>
      v === "me"
        ? "Assigned to me"
        : v === "none"
          ? "Assigned to nobody"
          : `Assigned to ${names.assigned ?? "a staff member"}`,
  };
  return FILTER_NAMES.filter((name) => filters[name] !== undefined).map((name) => ({
    label: words[name](String(filters[name])),
    removeHref: inboxHref({ ...filters, [name]: undefined }, sort),
  }));
}
