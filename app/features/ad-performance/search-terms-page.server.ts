import { z } from "zod";
import type { Db } from "~/db/client.server";
import { ADS_SEARCH_TERMS_PATH } from "~/lib/ads-paths";
import { periodText } from "~/lib/periods";
import { hrefWith, readParams } from "~/lib/url-filters";
import { TERM_SORTS, type SearchTermsView, type SortDirection, type TermSort } from "./ads-types";
import { readAdsAddress } from "./ads-address.server";
import { storedFacts } from "./imports.server";
import { readSearchTerms } from "./search-terms.server";

/** Search terms per screen. */
export const TERMS_PER_SCREEN = 50;

const params = {
  sort: z.enum(TERM_SORTS),
  dir: z.enum(["asc", "desc"]),
  p: z.coerce.number().int().min(1).max(100_000),
};
const firstDirection = (sort: TermSort): SortDirection =>
  sort === "term" || sort === "campaign" || sort === "cpc" ? "asc" : "desc";

/** The search terms page for an address: the range, one campaign or all, the sort and the screen. */
export async function searchTermsPageData(
  db: Db,
  url: URL,
  now = new Date(),
): Promise<{ status: 200 | 400; view: SearchTermsView }> {
  const { values, ignored } = readParams(url.searchParams, params);
  const address = await readAdsAddress(db, url, ADS_SEARCH_TERMS_PATH, ignored, now);
  const { chosen, range, query } = address;
  const sort = values.sort ?? "cost";
  const dir = values.dir ?? firstDirection(sort);
  const screen = values.p ?? 1;
  const { currency } = await storedFacts(db);
  const base: SearchTermsView = {
    range,
    keep: address.keep,
    currency,
    nothingImported: address.campaigns.length === 0,
    campaignOptions: address.campaignOptions,
    campaign: chosen ? { id: chosen.id, name: chosen.name } : null,
    filters: address.filters,
    rows: [],
    total: 0,
    totals: { impressions: 0, clicks: 0, costMicros: 0 },
    covered: null,
    leftOut: null,
    sort,
    dir,
    sortHrefs: {} as Record<TermSort, string>,
    pager: {},
    screen,
    screens: 1,
    ...(address.notice ? { notice: address.notice } : {}),
  };
  if (!range) return { status: 400, view: { ...base, refused: address.refused } };
  const read = await readSearchTerms(
    db,
    { start: range.current.from, end: range.current.to },
    { campaign: chosen?.id ?? null, sort, dir, offset: (screen - 1) * TERMS_PER_SCREEN, limit: TERMS_PER_SCREEN },
  );
  const screens = Math.max(1, Math.ceil(read.total / TERMS_PER_SCREEN));
  const sorted = {
    ...query,
    sort: sort === "cost" ? undefined : sort,
    dir: dir === firstDirection(sort) ? undefined : dir,
  };
  const at = (p: number) => hrefWith(ADS_SEARCH_TERMS_PATH, { ...sorted, p: p > 1 ? p : undefined });
  return {
    status: 200,
    view: {
      ...base,
      rows: read.rows,
      total: read.total,
      totals: read.totals,
      covered: read.covered ? periodText(read.covered) : null,
      leftOut: read.leftOut
        ? `${read.leftOut.periods === 1 ? "One imported period" : `${read.leftOut.periods} imported periods`} (${periodText({ start: read.leftOut.first, end: read.leftOut.last })}) ${read.leftOut.periods === 1 ? "lies" : "lie"} only partly in this range, so ${read.leftOut.periods === 1 ? "its search terms are" : "their search terms are"} left out: a search term's figures cannot be split by day.`
        : null,
      sortHrefs: Object.fromEntries(
        TERM_SORTS.map((column) => [
          column,
          hrefWith(ADS_SEARCH_TERMS_PATH, {
            ...query,
            sort: column,
            dir: column === sort ? (dir === "asc" ? "desc" : "asc") : firstDirection(column),
          }),
        ]),
      ) as Record<TermSort, string>,
      pager: {
        ...(screen > 2 ? { firstHref: at(1) } : {}),
        ...(screen > 1 ? { previousHref: at(screen - 1) } : {}),
        ...(screen < screens ? { nextHref: at(screen + 1) } : {}),
      },
      screen,
      screens,
    },
  };
}
