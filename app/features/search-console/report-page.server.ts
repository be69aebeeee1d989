import { z } from "zod";
import type { Db } from "~/db/client.server";
import { searchConsoleSearchTypes, type SearchConsoleSearchType } from "~/db/schema";
import { SEO_SEARCH_CONSOLE_PATH } from "~/lib/seo-paths";
import { hrefWith, readParams } from "~/lib/url-filters";
import { searchTypeWords } from "./export-format";
import { periodText, readIsoDay, type Period } from "~/lib/periods";
import { listReportPeriods, searchConsoleReport } from "./report.server";
import {
  PAGE_SORTS,
  type PageSort,
  type ReportPage,
  type ReportPageRow,
  type ReportView,
  type SortDirection,
} from "./search-console-types";

/** Rows of the pages table per screen. */
export const PAGES_PER_SCREEN = 50;
/** Rows of each opportunity list shown (the ones seen most often). */
export const OPPORTUNITIES_SHOWN = 50;

/** The direction a column sorts in first: the most clicks, or the best (lowest) position, or A to Z. */
const FIRST_DIRECTION: Record<PageSort, SortDirection> = {
  clicks: "desc",
  impressions: "desc",
  ctr: "desc",
  position: "asc",
  page: "asc",
};

const periodParam = z.string().transform((value, ctx) => {
  const [start, end] = value.split("..");
  const period = start && end ? { start: readIsoDay(start), end: readIsoDay(end) } : null;
  if (!period?.start || !period.end || period.start > period.end) {
    ctx.addIssue({ code: "custom", message: "not a period" });
    return z.NEVER;
  }
  return { start: period.start, end: period.end };
});

const PARAMS = {
  period: periodParam,
  type: z.enum(searchConsoleSearchTypes),
  sort: z.enum(PAGE_SORTS),
  dir: z.enum(["asc", "desc"]),
  p: z.coerce.number().int().min(1).max(10_000),
};

type Selection = Period & { searchType: SearchConsoleSearchType };

/** The report's address for a period (and a sort and screen of the pages table). */
export function reportHref(selection: Selection, extra: { sort?: PageSort; dir?: SortDirection; p?: number } = {}) {
  return hrefWith(SEO_SEARCH_CONSOLE_PATH, {
    period: `${selection.start}..${selection.end}`,
    type: selection.searchType === "web" ? undefined : selection.searchType,
    sort: extra.sort === "clicks" ? undefined : extra.sort,
    dir: extra.sort && extra.dir !== FIRST_DIRECTION[extra.sort] ? extra.dir : undefined,
    p: extra.p && extra.p > 1 ? extra.p : undefined,
  });
}

/** Pages sorted by a column; pages whose figures were not imported go last whichever the direction. */
export function sortPages(pages: readonly ReportPage[], sort: PageSort, dir: SortDirection): ReportPage[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...pages].sort((a, b) => {
    if (sort === "page") return sign * a.label.localeCompare(b.label);
    if (!a.figures || !b.figures) return (a.figures ? 0 : 1) - (b.figures ? 0 : 1) || a.label.localeCompare(b.label);
    return sign * (a.figures[sort] - b.figures[sort]) || a.label.localeCompare(b.label);
  });
}

/**
 * The report page: the periods with data (one shown at a time), then for the
 * chosen one the two lists of opportunities and the pages table, sorted and
 * cut into screens as the address says. A period or sort in the address that
 * does not parse is ignored and named, never an error.
 */
export async function reportPageData(db: Db, url: URL, publicUrl: string): Promise<ReportView> {
  const { values, ignored } = readParams(url.searchParams, PARAMS);
  const periods = await listReportPeriods(db);
  if (periods.length === 0) return { periods: [], ignored, selected: null, report: null };

  const asked = values.period
    ? periods.find(
        (p) =>
          p.start === values.period!.start && p.end === values.period!.end && p.searchType === (values.type ?? "web"),
      )
    : undefined;
  if (values.period && !asked) ignored.push("period");
  const chosen = asked ?? periods[0]!;
  const selection: Selection = { start: chosen.start, end: chosen.end, searchType: chosen.searchType };
  const labelOf = (p: Selection) =>
    p.searchType === "web" ? periodText(p) : `${periodText(p)} (${searchTypeWords[p.searchType]})`;

  const report = await searchConsoleReport(db, selection, publicUrl);
  const sort: PageSort = values.sort ?? "clicks";
  const dir: SortDirection = values.dir ?? FIRST_DIRECTION[sort];
  const sorted = sortPages(report.pages, sort, dir);
  const screens = Math.max(1, Math.ceil(sorted.length / PAGES_PER_SCREEN));
  const screen = Math.min(values.p ?? 1, screens);
  const at = (p: number) => reportHref(selection, { sort, dir, p });

  return {
    periods: periods.map((p) => ({
      label: labelOf(p),
      href: reportHref(p),
      current: p.start === selection.start && p.end === selection.end && p.searchType === selection.searchType,
    })),
    ignored,
    selected: {
      ...selection,
      label: labelOf(selection),
      siteWide: chosen.siteWide,
      pageImports: chosen.pageImports,
    },
    report: {
      queryCount: report.queryCount,
      lowCtr: report.lowCtr.slice(0, OPPORTUNITIES_SHOWN),
      lowCtrTotal: report.lowCtr.length,
      nearTop: report.nearTop.slice(0, OPPORTUNITIES_SHOWN),
      nearTopTotal: report.nearTop.length,
      pages: sorted.slice((screen - 1) * PAGES_PER_SCREEN, screen * PAGES_PER_SCREEN).map((page): ReportPageRow => ({
        ...page,
        elsewhere: page.queriesElsewhere
          ? {
              text: periodText(page.queriesElsewhere),
              href: reportHref({ ...page.queriesElsewhere, searchType: selection.searchType }),
            }
          : null,
      })),
      pageTotal: sorted.length,
      screen,
      screens,
      sort,
      dir,
      sortHrefs: Object.fromEntries(
        PAGE_SORTS.map((column) => [
          column,
          reportHref(selection, {
            sort: column,
            dir: column === sort ? (dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column],
          }),
        ]),
      ) as Record<PageSort, string>,
      pager: {
        firstHref: screen > 2 ? at(1) : undefined,
        previousHref: screen > 1 ? at(screen - 1) : undefined,
        nextHref: screen < screens ? at(screen + 1) : undefined,
      },
    },
  };
}
