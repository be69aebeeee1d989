import { and, asc, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoAuditPages, seoAuditRuns } from "~/db/schema";
import { formatClinicDateTime } from "~/lib/clinic-time";
import {
  PAGE_SIZE,
  readInventoryView,
  type InventoryFilters,
  type InventorySort,
  type InventoryView,
} from "./inventory-params";
import type { PageKind } from "./site-paths";
import type { InventoryListRow, NotIndexableReason } from "./audit-types";

/**
 * The inventory's reads: one page of the latest finished run's addresses,
 * filtered and sorted in SQL (every figure is a column), and the full set for
 * the CSV. A run holds at most a few thousand rows (the crawl's bound), so an
 * offset page over the run's rows is cheap at any sort.
 */

/** The latest finished run's id and when it finished, or null before the first audit. */
export async function latestFinishedRun(db: Db): Promise<{ id: number; finishedAt: Date } | null> {
  const [run] = await db
    .select({ id: seoAuditRuns.id, finishedAt: seoAuditRuns.finishedAt })
    .from(seoAuditRuns)
    .where(eq(seoAuditRuns.status, "finished"))
    .orderBy(desc(seoAuditRuns.finishedAt))
    .limit(1);
  return run ? { id: run.id, finishedAt: run.finishedAt! } : null;
}

const p = seoAuditPages;
const SORT_COLUMN: Record<InventorySort, SQL | typeof p.path> = {
  path: p.path,
  score: sql`${p.score}`,
  // Most serious first: errors outweigh any number of warnings, warnings any number of notices.
  problems: sql`(${p.errors} * 1000000 + ${p.warnings} * 1000 + ${p.notices})`,
  status: sql`${p.status}`,
  titleChars: sql`${p.titleChars}`,
  titleWidthPx: sql`${p.titleWidthPx}`,
  descriptionChars: sql`${p.descriptionChars}`,
  descriptionWidthPx: sql`${p.descriptionWidthPx}`,
  h1Count: sql`${p.h1Count}`,
  wordCount: sql`${p.wordCount}`,
  linksIn: sql`${p.linksIn}`,
  linksOut: sql`${p.linksOut}`,
  imagesWithoutAlt: sql`${p.imagesWithoutAlt}`,
  lcp: sql`${p.lcpP75Ms}`,
  lastModified: sql`${p.lastModified}`,
};

/** `LIKE` wildcards in a search are the characters themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(runId: number, filters: InventoryFilters): SQL {
  const conditions: SQL[] = [eq(p.runId, runId)];
  if (filters.indexable) conditions.push(eq(p.indexable, filters.indexable === "yes"));
  if (filters.problems === "any") conditions.push(sql`(${p.errors} + ${p.warnings} + ${p.notices}) > 0`);
  if (filters.problems === "none") conditions.push(sql`(${p.errors} + ${p.warnings} + ${p.notices}) = 0`);
  if (filters.kind) conditions.push(eq(p.kind, filters.kind));
  if (filters.q) conditions.push(ilike(p.path, `%${literal(filters.q)}%`));
  if (filters.problem)
    // Written out in full: inside the subquery a bare "path" would be the problem's own column.
    conditions.push(
      sql`exists (select 1 from seo_audit_problems q
        where q.run_id = seo_audit_pages.run_id and q.path = seo_audit_pages.path and q.code = ${filters.problem})`,
    );
  return and(...conditions)!;
}

const orderOf = (sort: InventorySort, dir: "asc" | "desc") => {
  const column = SORT_COLUMN[sort];
  // Unknown figures (no speed data, not a page) go last whichever way.
  const ordered = dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return sort === "path" ? [dir === "asc" ? asc(p.path) : desc(p.path)] : [ordered, asc(p.path)];
};

/** The columns a row of the table needs (the long lists stay in the database). */
const listColumns = {
  path: p.path,
  kind: p.kind,
  status: p.status,
  location: p.location,
  indexable: p.indexable,
  notIndexable: p.notIndexable,
  inSitemap: p.inSitemap,
  titleChars: p.titleChars,
  titleWidthPx: p.titleWidthPx,
  descriptionChars: p.descriptionChars,
  descriptionWidthPx: p.descriptionWidthPx,
  h1Count: p.h1Count,
  wordCount: p.wordCount,
  linksIn: p.linksIn,
  linksOut: p.linksOut,
  imagesWithoutAlt: p.imagesWithoutAlt,
  lcpP75Ms: p.lcpP75Ms,
  lcpSamples: p.lcpSamples,
  lastModified: p.lastModified,
  score: p.score,
  errors: p.errors,
  warnings: p.warnings,
  notices: p.notices,
};

/** One page of the inventory, and how many rows match in all. */
export async function inventoryPage(
  db: Db,
  runId: number,
  view: InventoryView,
): Promise<{ rows: InventoryListRow[]; total: number }> {
  const where = whereOf(runId, view.filters);
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(p)
      .where(where)
      .orderBy(...orderOf(view.sort, view.dir))
      .limit(PAGE_SIZE)
      .offset((view.page - 1) * PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      kind: row.kind as PageKind,
      notIndexable: row.notIndexable as NotIndexableReason[],
      lastModified: row.lastModified?.toISOString() ?? null,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Every matching row with every column (the CSV), in the view's order, with each row's problem codes. */
export async function inventoryRowsForExport(
  db: Db,
  runId: number,
  view: Pick<InventoryView, "filters" | "sort" | "dir">,
) {
  const codes = sql<
    string[]
  >`coalesce((select array_agg(d.code order by d.severity, d.code) from (select distinct q.code, q.severity
    from seo_audit_problems q where q.run_id = seo_audit_pages.run_id and q.path = seo_audit_pages.path) d), '{}')`;
  return db
    .select({ row: p, codes })
    .from(p)
    .where(whereOf(runId, view.filters))
    .orderBy(...orderOf(view.sort, view.dir));
}

/** /admin/seo/pages: the view from the address, and its page of the latest audit's rows. */
export async function inventoryData(db: Db, url: URL) {
  const view = readInventoryView(url.searchParams);
  const run = await latestFinishedRun(db);
  if (!run) return { view, finishedAt: null, rows: [], total: 0 };
  const { rows, total } = await inventoryPage(db, run.id, view);
  return {
    view,
    finishedAt: { iso: run.finishedAt.toISOString(), text: formatClinicDateTime(run.finishedAt) },
    rows,
    total,
  };
}
