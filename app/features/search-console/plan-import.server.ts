import { searchConsoleSearchTypes, type SearchConsoleSearchType } from "~/db/schema";
import { searchTypeWords } from "./export-format";
import { normalisePageUrl, pageFromInput, pageLabel } from "./page-address";
import type { ExportProblem, MetricRow } from "./parse-table.server";
import { periodText, readDateFilter, readIsoDay, type Period } from "~/lib/periods";
import type { ReadExport } from "./read-export.server";
import type { ImportChoices, ImportField } from "./search-console-types";

/** An import as it would be stored: one period, search type and scope, and its rows. */
export interface ImportPlan {
  period: Period;
  searchType: SearchConsoleSearchType;
  /** "" for the whole site, else the one page's absolute URL. */
  scope: string;
  /** Where each of the three came from, in words ("from Filters.csv", "as you entered"). */
  sources: { period: string; searchType: string; scope: string };
  queries: MetricRow[] | null;
  pages: MetricRow[] | null;
  files: string[];
  notes: string[];
}

export type PlanResult =
  | { ok: true; plan: ImportPlan }
  | { ok: false; problems: ExportProblem[]; fields: Partial<Record<ImportField, string>> };

const FILTER_NAMES = { searchType: "search type", date: "date", page: "page" } as const;

function searchTypeOf(value: string): SearchConsoleSearchType | undefined {
  const word = value.trim().toLowerCase();
  return searchConsoleSearchTypes.find((type) => type === word);
}

/**
 * Decides what an upload is: its period (Filters.csv's dates, else the
 * first and last day of Chart.csv/Dates.csv, else the dates staff entered),
 * search type (Filters.csv, else staff's choice, else web) and scope (the
 * page of Filters.csv's page filter, else the page staff entered, else the
 * whole site). What staff entered may not contradict the files. Exports
 * filtered any other way (by query, country, device, or to several pages)
 * are refused: their figures are only part of the site's.
 */
export function planImport(read: ReadExport, choices: ImportChoices, publicUrl: string): PlanResult {
  const problems: ExportProblem[] = [];
  const fields: Partial<Record<ImportField, string>> = {};

  // What staff entered, on its own.
  const typedFrom = choices.from.trim();
  const typedTo = choices.to.trim();
  let typedPeriod: Period | null = null;
  const from = typedFrom ? readIsoDay(typedFrom) : null;
  const to = typedTo ? readIsoDay(typedTo) : null;
  if (typedFrom && !from) fields.from = "Enter a date such as 2026-03-01.";
  if (typedTo && !to) fields.to = "Enter a date such as 2026-05-31.";
  if (typedFrom && !typedTo && from) fields.to = "Enter the last day too.";
  if (typedTo && !typedFrom && to) fields.from = "Enter the first day too.";
  if (from && to) {
    if (from > to) fields.to = "The last day cannot come before the first.";
    else typedPeriod = { start: from, end: to };
  }
  const typedType = choices.searchType.trim() ? searchTypeOf(choices.searchType) : undefined;
  if (choices.searchType.trim() && !typedType) fields.searchType = "Choose one of the search types listed.";
  const typedPage = choices.page.trim() ? pageFromInput(choices.page, publicUrl) : null;
  if (choices.page.trim() && !typedPage) {
    fields.page = "Enter a path of this site such as /services, or a full address starting with https://.";
  }

  // What the files say.
  let filePeriod: { period: Period; source: string } | null = null;
  let relativeLabel: string | null = null;
  let fileType: { type: SearchConsoleSearchType; source: string } | null = null;
  let filePage: { url: string; source: string } | null = null;
  const filters = read.filters;
  for (const filter of filters?.rows ?? []) {
    const at = { file: filters!.file, line: filter.line, column: "Value" };
    const name = filter.name.toLowerCase();
    if (name === FILTER_NAMES.searchType) {
      const type = searchTypeOf(filter.value);
      if (type) fileType = { type, source: `from ${filters!.file}` };
      else
        problems.push({
          ...at,
          message: `"${filter.value}" is not a search type we know (${Object.values(searchTypeWords).join(", ")}).`,
        });
    } else if (name === FILTER_NAMES.date) {
      const date = readDateFilter(filter.value);
      if (date.kind === "range") filePeriod = { period: date.period, source: `from ${filters!.file}` };
      else
        relativeLabel =
          date.kind === "relative" ? `says "${date.label}"` : `says "${date.label}", which we cannot read as dates,`;
    } else if (name === FILTER_NAMES.page) {
      const value = filter.value;
      if (value.startsWith("+")) {
        // "URLs containing": one page only when the export's own Pages.csv shows just one.
        const only = read.pages?.rows.length === 1 ? normalisePageUrl(read.pages.rows[0]!.key) : null;
        if (only) filePage = { url: only, source: `from ${filters!.file} and ${read.pages!.file}` };
        else
          problems.push({
            ...at,
            message: `this export covers every address containing "${value.slice(1)}", which can be several pages. In Search Console, filter by "Exact URL" and export again.`,
          });
      } else {
        const url = normalisePageUrl(value);
        if (url) filePage = { url, source: `from ${filters!.file}` };
        else
          problems.push({
            ...at,
            message: `"${value}" leaves pages out rather than naming one. Export the whole site, or filter by "Exact URL" to one page.`,
          });
      }
    } else {
      problems.push({
        ...at,
        message: `this export is filtered by ${filter.name} ("${filter.value}"), so its figures are only part of the site's. Remove that filter in Search Console and export again.`,
      });
    }
  }
  const days = read.dates?.days ?? [];
  if (days.length > 0) {
    const sorted = [...days].sort();
    const dayRange = { start: sorted[0]!, end: sorted.at(-1)! };
    if (filePeriod) {
      if (dayRange.start < filePeriod.period.start || dayRange.end > filePeriod.period.end) {
        problems.push({
          file: read.dates!.file,
          message: `its days run from ${dayRange.start} to ${dayRange.end}, outside the period ${filters!.file} names (${periodText(filePeriod.period)}). These files are not from one export.`,
        });
      }
    } else {
      filePeriod = { period: dayRange, source: `from ${read.dates!.file}, its first and last day` };
    }
  }

  // The two together.
  let period: { period: Period; source: string } | null = filePeriod;
  if (filePeriod && typedPeriod) {
    if (filePeriod.period.start !== typedPeriod.start || filePeriod.period.end !== typedPeriod.end) {
      fields.from ??= `The export covers ${periodText(filePeriod.period)} (${filePeriod.source}). Leave the dates empty, or upload the export of the dates you entered.`;
    }
  } else if (!filePeriod) {
    if (typedPeriod) period = { period: typedPeriod, source: "as you entered" };
    else if (!fields.from && !fields.to) {
      fields.from = relativeLabel
        ? `The export's ${filters!.file} ${relativeLabel} but not which days. Enter the first and last day of that period, or include Chart.csv from the same zip (it lists the days).`
        : "The files do not say which days they cover. Enter the first and last day of the period you exported.";
    }
  }

  let searchType: { type: SearchConsoleSearchType; source: string } = {
    type: "web",
    source: "the default when the files do not say",
  };
  if (fileType) {
    searchType = fileType;
    if (typedType && typedType !== fileType.type) {
      fields.searchType = `The export is of ${searchTypeWords[fileType.type]} results (${fileType.source}). Leave this on "As the export says", or upload the other export.`;
    }
  } else if (typedType) searchType = { type: typedType, source: "as you chose" };

  let scope = { url: "", source: "the export has no page filter" };
  if (filePage) {
    scope = { url: filePage.url, source: filePage.source };
    if (typedPage && typedPage !== filePage.url) {
      fields.page = `The export is for ${pageLabel(filePage.url, publicUrl)} (${filePage.source}). Leave this empty, or upload that page's export.`;
    }
  } else if (typedPage) {
    scope = { url: typedPage, source: "as you entered" };
  }

  if (problems.length > 0 || Object.keys(fields).length > 0 || !period) return { ok: false, problems, fields };
  return {
    ok: true,
    plan: {
      period: period.period,
      searchType: searchType.type,
      scope: scope.url,
      sources: { period: period.source, searchType: searchType.source, scope: scope.source },
      queries: read.queries?.rows ?? null,
      pages: read.pages?.rows ?? null,
      files: read.files,
      notes: read.notes,
    },
  };
}
