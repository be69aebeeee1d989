import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchConsoleImports, searchConsoleRows, type SearchConsoleSearchType } from "~/db/schema";
import { isLowCtr, isNearTop, typicalCtr } from "./opportunity-rules";
import { normalisePageUrl, pageLabel, pathOnSite } from "./page-address";
import type { Period } from "~/lib/periods";
import type { Opportunity, PageRef, QueryFigures, ReportPage } from "./search-console-types";

/** One period of imported data: what the report can show at once (periods may overlap, so never summed). */
export interface ReportPeriod extends Period {
  searchType: SearchConsoleSearchType;
  /** Whether a whole-site import exists for it, and how many single-page ones. */
  siteWide: boolean;
  pageImports: number;
}

/** Every period with data, the latest first (then the longest). */
export async function listReportPeriods(db: Db): Promise<ReportPeriod[]> {
  const rows = await db
    .select({
      start: searchConsoleImports.periodStart,
      end: searchConsoleImports.periodEnd,
      searchType: searchConsoleImports.searchType,
      siteWide: sql<boolean>`bool_or(${searchConsoleImports.scope} = '')`,
      pageImports: sql<number>`(count(*) filter (where ${searchConsoleImports.scope} <> ''))::int`,
    })
    .from(searchConsoleImports)
    .groupBy(searchConsoleImports.periodStart, searchConsoleImports.periodEnd, searchConsoleImports.searchType)
    .orderBy(desc(searchConsoleImports.periodEnd), searchConsoleImports.periodStart, searchConsoleImports.searchType);
  return rows.map((row) => ({ ...row, siteWide: Boolean(row.siteWide), pageImports: Number(row.pageImports) }));
}

export interface SearchConsoleReport {
  pages: ReportPage[];
  /** Seen often near the top, rarely clicked (opportunity-rules.ts). */
  lowCtr: Opportunity[];
  /** At positions 5–20 (opportunity-rules.ts). */
  nearTop: Opportunity[];
  /** Distinct queries of the period, whole site and pages together. */
  queryCount: number;
}

const byImpact = (a: QueryFigures, b: QueryFigures) =>
  b.impressions - a.impressions || b.clicks - a.clicks || a.query.localeCompare(b.query);

/**
 * The report for one period and search type: every page with its figures
 * (from the whole-site import, else from the page's own), each page's
 * queries where its own export was imported for this period, and the two
 * kinds of opportunity among all the period's queries. A query known from
 * a page's own export is shown with that page; the whole-site row of the
 * same query (which has no page) is then not repeated.
 */
export async function searchConsoleReport(
  db: Db,
  selected: Period & { searchType: SearchConsoleSearchType },
  publicUrl: string,
): Promise<SearchConsoleReport> {
  const rows = await db
    .select({
      scope: searchConsoleImports.scope,
      kind: searchConsoleRows.kind,
      key: searchConsoleRows.key,
      clicks: searchConsoleRows.clicks,
      impressions: searchConsoleRows.impressions,
      ctr: searchConsoleRows.ctr,
      position: searchConsoleRows.position,
    })
    .from(searchConsoleRows)
    .innerJoin(searchConsoleImports, eq(searchConsoleImports.id, searchConsoleRows.importId))
    .where(
      and(
        eq(searchConsoleImports.periodStart, selected.start),
        eq(searchConsoleImports.periodEnd, selected.end),
        eq(searchConsoleImports.searchType, selected.searchType),
      ),
    );
  const ref = (url: string): PageRef => ({ url, path: pathOnSite(url, publicUrl), label: pageLabel(url, publicUrl) });

  // Pages: one row per address; the whole-site import's figures first.
  const pages = new Map<string, ReportPage & { fromSite: boolean }>();
  for (const row of rows) {
    if (row.kind !== "page") continue;
    const url = normalisePageUrl(row.key) ?? row.key;
    const earlier = pages.get(url);
    if (earlier && (earlier.fromSite || row.scope !== "")) continue;
    pages.set(url, {
      ...ref(url),
      figures: { clicks: row.clicks, impressions: row.impressions, ctr: row.ctr, position: row.position },
      queries: null,
      queriesElsewhere: null,
      fromSite: row.scope === "",
    });
  }

  // Each page's own queries.
  const pageQueries = new Map<string, QueryFigures[]>();
  const queriesWithPage = new Set<string>();
  const siteQueries: QueryFigures[] = [];
  for (const row of rows) {
    if (row.kind !== "query") continue;
    const figures = {
      query: row.key,
      clicks: row.clicks,
      impressions: row.impressions,
      ctr: row.ctr,
      position: row.position,
    };
    if (row.scope === "") siteQueries.push(figures);
    else {
      const list = pageQueries.get(row.scope) ?? [];
      list.push(figures);
      pageQueries.set(row.scope, list);
      queriesWithPage.add(row.key);
    }
  }
  for (const [scope, queries] of pageQueries) {
    queries.sort(byImpact);
    const page = pages.get(scope);
    if (page) page.queries = queries;
    else pages.set(scope, { ...ref(scope), figures: null, queries, queriesElsewhere: null, fromSite: false });
  }

  // Pages without queries here whose queries were imported for another period.
  const missing = [...pages.values()].filter((page) => page.queries === null);
  if (missing.length > 0) {
    const elsewhere = await db
      .select({
        scope: searchConsoleImports.scope,
        start: searchConsoleImports.periodStart,
        end: searchConsoleImports.periodEnd,
      })
      .from(searchConsoleImports)
      .where(
        and(
          ne(searchConsoleImports.scope, ""),
          eq(searchConsoleImports.searchType, selected.searchType),
          sql`${searchConsoleImports.queryCount} is not null`,
        ),
      )
      .orderBy(desc(searchConsoleImports.periodEnd));
    for (const page of missing) {
      const other = elsewhere.find((row) => row.scope === page.url);
      if (other) page.queriesElsewhere = { start: other.start, end: other.end };
    }
  }

  // Opportunities: each query once, with its page where its page's export says it.
  const candidates: Opportunity[] = [];
  for (const [scope, queries] of pageQueries) {
    for (const query of queries)
      candidates.push({ ...query, page: ref(scope), typicalCtr: typicalCtr(query.position) });
  }
  for (const query of siteQueries) {
    if (!queriesWithPage.has(query.query))
      candidates.push({ ...query, page: null, typicalCtr: typicalCtr(query.position) });
  }
  candidates.sort(byImpact);
  const distinct = new Set([...siteQueries.map((q) => q.query), ...queriesWithPage]);

  return {
    pages: [...pages.values()].map(({ fromSite: _fromSite, ...page }) => page),
    lowCtr: candidates.filter(isLowCtr),
    nearTop: candidates.filter(isNearTop),
    queryCount: distinct.size,
  };
}
