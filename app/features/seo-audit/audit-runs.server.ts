import { and, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoAuditLinks, seoAuditPages, seoAuditProblems, seoAuditRuns, type SeoAuditRun } from "~/db/schema";
import type { AuditOutcome, InventoryRow, StoredLinkGraph, StoredOutcome, StoredResults } from "./audit-types";
import { SEVERITY_RANK } from "./problem-catalogue";

/**
 * The audit's runs in the database (decision 0030). One run at a time across
 * every instance: the insert of a `running` row is the claim (a partial
 * unique index allows one). A running run beats its heart every few seconds;
 * one whose heartbeat is older than a minute died with its instance and is
 * marked failed by the next claim. Results are written before the run turns
 * `finished`, so readers (who read only finished runs) never see half of one.
 */

/** A running run whose heartbeat is older than this is taken to be dead. */
export const STALE_RUN_SECONDS = 60;
/**
 * Rows per INSERT when results are written. Each INSERT carries its rows as one
 * JSON parameter (`jsonb_populate_recordset`): on PGlite, which runs on the
 * thread that answers visitors, what a visitor waits behind is the total work,
 * and a statement of 35 parameters per row cost that thread three times what
 * the same rows cost as one JSON text (drizzle's query building, PGlite's
 * parse and bind of each parameter; `bench/seo.js` with a CPU profile and
 * a probe of PGlite's calls, 2026-11-27; decision 0030).
 */
const WRITE_BATCH = 50;

export type RunTrigger = "manual" | "daily";

export type Claim = { ok: true; run: SeoAuditRun } | { ok: false; running: SeoAuditRun };

/**
 * Claims the one running slot for a new run, after marking a dead one failed.
 * Returns the new run, or the run that holds the slot.
 */
export async function claimAuditRun(
  db: Db,
  input: { trigger: RunTrigger; requestedBy: string | null; mode: string },
): Promise<Claim> {
  await db
    .update(seoAuditRuns)
    .set({
      status: "failed",
      finishedAt: sql`now()`,
      failure: "The check stopped answering (the server running it was restarted or stopped).",
    })
    .where(
      and(
        eq(seoAuditRuns.status, "running"),
        sql`${seoAuditRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_RUN_SECONDS})`,
      ),
    );
  const inserted = (await db.execute(sql`
    insert into seo_audit_runs (status, trigger, requested_by, mode)
    values ('running', ${input.trigger}, ${input.requestedBy}, ${input.mode})
    on conflict (status) where status = 'running' do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = inserted.rows[0]?.id;
  if (id !== undefined) {
    const [run] = await db
      .select()
      .from(seoAuditRuns)
      .where(eq(seoAuditRuns.id, Number(id)));
    return { ok: true, run: run! };
  }
  const [running] = await db.select().from(seoAuditRuns).where(eq(seoAuditRuns.status, "running"));
  // The running run finished between the insert and this read: try once more.
  if (!running) return claimAuditRun(db, input);
  return { ok: false, running };
}

/**
 * The heartbeat, with progress: true while the run is still this caller's
 * (false once another instance took it over, and the caller should stop).
 */
export async function beatAuditRun(
  db: Db,
  runId: number,
  progress?: { found: number; done: number },
): Promise<boolean> {
  const rows = await db
    .update(seoAuditRuns)
    .set({
      heartbeatAt: sql`now()`,
      ...(progress ? { pagesFound: progress.found, pagesDone: progress.done } : {}),
    })
    .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "running")))
    .returning({ id: seoAuditRuns.id });
  return rows.length > 0;
}

/** Marks a run failed with its reason; drops anything it had written, and failed runs before it. */
export async function failAuditRun(db: Db, runId: number, failure: string): Promise<void> {
  await db
    .update(seoAuditRuns)
    .set({ status: "failed", finishedAt: sql`now()`, failure: failure.slice(0, 500) })
    .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "running")));
  await db.delete(seoAuditPages).where(eq(seoAuditPages.runId, runId));
  await db.delete(seoAuditProblems).where(eq(seoAuditProblems.runId, runId));
  await db.delete(seoAuditLinks).where(eq(seoAuditLinks.runId, runId));
  await db.delete(seoAuditRuns).where(and(eq(seoAuditRuns.status, "failed"), lt(seoAuditRuns.id, runId)));
}

/** A page's row under its columns' own names, as `jsonb_populate_recordset` reads it (the run's id: the INSERT's). */
const pageValues = (row: InventoryRow) =>
  inColumnNames({
    path: row.path,
    kind: row.kind,
    status: row.status,
    location: row.location,
    indexable: row.indexable,
    notIndexable: row.notIndexable,
    inSitemap: row.inSitemap,
    title: row.title,
    titleChars: row.titleChars,
    titleWidthPx: row.titleWidthPx,
    description: row.description,
    descriptionChars: row.descriptionChars,
    descriptionWidthPx: row.descriptionWidthPx,
    canonical: row.canonical,
    h1Count: row.h1Count,
    wordCount: row.wordCount,
    linksIn: row.linksIn,
    linksOut: row.linksOut,
    imagesWithoutAlt: row.imagesWithoutAlt,
    structuredTypes: row.structuredTypes,
    openGraphMissing: row.openGraphMissing,
    twitterMissing: row.twitterMissing,
    lastModified: row.lastModified,
    lcpP75Ms: row.lcpP75Ms,
    lcpSamples: row.lcpSamples,
    score: row.score,
    errors: row.problemCounts.error,
    warnings: row.problemCounts.warning,
    notices: row.problemCounts.notice,
    // The links are the run's own (linkGraph), not each row's.
    detail: {
      imagesWithoutAlt: row.detail.imagesWithoutAlt,
      redirectHops: row.detail.redirectHops,
      headings: row.headings,
      structuredItems: row.structuredItems,
    },
  } satisfies { [K in Exclude<keyof typeof seoAuditPages.$inferInsert, "runId">]-?: unknown });

const PAGE_COLUMNS = getTableColumns(seoAuditPages);
const inColumnNames = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [PAGE_COLUMNS[key as keyof typeof PAGE_COLUMNS].name, value]),
  );

/** The columns a stored batch gives, run_id aside (every page column; a problem's but its serial id). */
const PAGE_COLUMN_NAMES = Object.values(PAGE_COLUMNS)
  .map((column) => column.name)
  .filter((name) => name !== "run_id");
const PROBLEM_COLUMN_NAMES = ["path", "code", "severity", "details"];

/** Inserts a batch of rows given as one JSON text under their column names (see WRITE_BATCH), for this run. */
const insertBatch = (
  db: Db,
  table: typeof seoAuditPages | typeof seoAuditProblems,
  columns: string[],
  runId: number,
  json: string,
) =>
  db.execute(sql`
    insert into ${table} (run_id, ${sql.raw(columns.join(", "))})
    select ${runId}, ${sql.raw(columns.join(", "))}
    from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`);

/** Every WRITE_BATCH items of a list as one JSON text of them. */
const inBatches = <T>(items: T[], values: (item: T) => object) =>
  Array.from({ length: Math.ceil(items.length / WRITE_BATCH) }, (_, i) =>
    JSON.stringify(items.slice(i * WRITE_BATCH, (i + 1) * WRITE_BATCH).map(values)),
  );

/**
 * The run's links, once: every page's links out and in as positions in one list of paths. Stored in
 * each page's row they were most of the run's bytes (a thousand-page site: the pages' detail, mostly these
 * lists, 62 % of 2.3 MB; the menu's and footer's links again on every page, and the pages they lead to
 * listing every page), which on PGlite are written on the thread that answers visitors.
 */
export function linkGraph(rows: InventoryRow[]): StoredLinkGraph {
  const paths = rows.map((row) => row.path);
  const positions = new Map(paths.map((path, i) => [path, i]));
  const position = (path: string) => {
    let at = positions.get(path);
    if (at === undefined) {
      at = paths.push(path) - 1;
      positions.set(path, at);
    }
    return at;
  };
  const out = rows.map((row) => row.detail.linksOut.map(position));
  return { paths, out, in: rows.map((row) => row.detail.linksIn.map(position)) };
}

/** One page's links out and in from a run's stored graph (empty lists for a path it does not hold). */
export function linksOf(graph: StoredLinkGraph, path: string): { linksOut: string[]; linksIn: string[] } {
  const at = graph.paths.indexOf(path);
  const paths = (positions: number[] | undefined) => (positions ?? []).map((i) => graph.paths[i]!);
  return at === -1 ? { linksOut: [], linksIn: [] } : { linksOut: paths(graph.out[at]), linksIn: paths(graph.in[at]) };
}

/**
 * A run's results in the form they are stored in, with their counts. The site audit's child makes
 * them (server/audit-child.ts), so the server's thread — PGlite's too — takes in a few JSON texts
 * rather than a thousand objects it would decode, map and encode again before writing.
 */
export function resultsForStorage(outcome: AuditOutcome): StoredResults {
  const count = (severity: keyof typeof SEVERITY_RANK) =>
    outcome.problems.filter((p) => p.severity === severity).length;
  return {
    pages: inBatches(outcome.rows, pageValues),
    problems: inBatches(outcome.problems, (problem) => ({
      path: problem.path,
      code: problem.code,
      severity: SEVERITY_RANK[problem.severity],
      details: problem.details,
    })),
    links: JSON.stringify(linkGraph(outcome.rows)),
    counts: {
      addresses: outcome.rows.length,
      pages: outcome.rows.filter((row) => row.score !== null).length,
      problems: outcome.problems.length,
      errors: count("error"),
      warnings: count("warning"),
      notices: count("notice"),
    },
  };
}

/** An outcome in the stored form, made here when the reader gave it whole. */
export function storedOutcome(outcome: AuditOutcome | StoredOutcome): StoredOutcome {
  if ("stored" in outcome) return outcome;
  const { rows: _rows, problems: _problems, ...summary } = outcome;
  return { ...summary, stored: resultsForStorage(outcome) };
}

/** Lets the event loop answer waiting requests between two batches (PGlite shares the server's thread). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes a run's results a batch at a time, then marks it finished with its
 * summary and deletes every older run (their rows go with them). False when
 * the run was no longer this caller's (taken over): nothing is kept then.
 */
export async function finishAuditRun(
  db: Db,
  runId: number,
  outcome: StoredOutcome,
  durationMs: number,
): Promise<boolean> {
  const { stored } = outcome;
  for (const [i, batch] of stored.pages.entries()) {
    // Still this caller's run? (Asked every few batches: a write takes a fraction of a second.)
    if (i % 10 === 0 && !(await beatAuditRun(db, runId))) return false;
    await insertBatch(db, seoAuditPages, PAGE_COLUMN_NAMES, runId, batch);
    await breathe();
  }
  for (const batch of stored.problems) {
    await insertBatch(db, seoAuditProblems, PROBLEM_COLUMN_NAMES, runId, batch);
    await breathe();
  }
  await db.insert(seoAuditLinks).values({ runId, graph: stored.links });
  const { counts } = stored;
  const [finished] = await db
    .update(seoAuditRuns)
    .set({
      status: "finished",
      finishedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      addressCount: counts.addresses,
      pageCount: counts.pages,
      pagesFound: counts.addresses,
      pagesDone: counts.addresses,
      siteScore: outcome.siteScore,
      errors: counts.errors,
      warnings: counts.warnings,
      notices: counts.notices,
      durationMs: Math.round(durationMs),
      limitReached: outcome.limitReached,
      sitemapError: outcome.sitemapError,
      robotsError: outcome.robotsError,
    })
    .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "running")))
    .returning({ id: seoAuditRuns.id });
  if (!finished) {
    await failAuditRun(db, runId, "Taken over by another check.");
    return false;
  }
  await pruneAuditRuns(db, runId);
  return true;
}

/**
 * Keeps the latest finished run, a running one, and the latest failed run if it
 * came after the finished one (so the page can say why); deletes the rest.
 */
export async function pruneAuditRuns(db: Db, latestFinished: number): Promise<void> {
  const old = (await db.execute(sql`
    select id from seo_audit_runs
    where id <> ${latestFinished} and status <> 'running'
      and id <> coalesce((select max(id) from seo_audit_runs where status = 'failed' and id > ${latestFinished}), 0)`)) as unknown as {
    rows: { id: number }[];
  };
  for (const { id } of old.rows) {
    // One statement per table, through the run's index: 1,081 pages' rows and their problems in 2-5 ms on
    // an on-disk PGlite, where batches of 50 picked by ctid (each a scan of the table) took 25-44 ms in all
    // (a throwaway script, 2026-11-28). PGlite shares the server's thread: the whole work is what visitors
    // wait behind, and one short stop is better than many.
    await db.delete(seoAuditProblems).where(eq(seoAuditProblems.runId, Number(id)));
    await db.delete(seoAuditPages).where(eq(seoAuditPages.runId, Number(id)));
    await breathe();
    await db.delete(seoAuditRuns).where(eq(seoAuditRuns.id, Number(id)));
  }
}

/** What the overview needs of the runs: the latest finished one, the running one, and a failure since. */
export interface AuditRunState {
  finished: SeoAuditRun | null;
  running: SeoAuditRun | null;
  /** The latest failed run, when it came after the latest finished one. */
  failed: SeoAuditRun | null;
  /** The running run's heartbeat is over a minute old: its instance died (the next check marks it failed). */
  runningStale: boolean;
}

export async function readAuditRunState(db: Db): Promise<AuditRunState> {
  const rows = (await db.execute(sql`
    select id, extract(epoch from now() - heartbeat_at) > ${STALE_RUN_SECONDS} as stale
    from seo_audit_runs where status = 'running'`)) as unknown as { rows: { id: number; stale: boolean }[] };
  const runs = await db.select().from(seoAuditRuns).orderBy(desc(seoAuditRuns.id)).limit(5);
  const finished = runs.find((run) => run.status === "finished") ?? null;
  const running = runs.find((run) => run.status === "running") ?? null;
  const failed = runs.find((run) => run.status === "failed" && (!finished || run.id > finished.id)) ?? null;
  return { finished, running, failed, runningStale: Boolean(rows.rows[0]?.stale) };
}

/** The running run's progress alone (one row, on the index that allows one running run), or null. */
export async function readRunningProgress(
  db: Db,
): Promise<{ id: number; found: number; done: number; stale: boolean } | null> {
  const rows = (await db.execute(sql`
    select id, pages_found as found, pages_done as done,
      extract(epoch from now() - heartbeat_at) > ${STALE_RUN_SECONDS} as stale
    from seo_audit_runs where status = 'running'`)) as unknown as {
    rows: { id: number; found: number; done: number; stale: boolean }[];
  };
  const row = rows.rows[0];
  return row
    ? { id: Number(row.id), found: Number(row.found), done: Number(row.done), stale: Boolean(row.stale) }
    : null;
}
