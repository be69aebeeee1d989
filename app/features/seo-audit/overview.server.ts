import { z } from "zod";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { SeoAuditRun } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { readParams } from "~/lib/url-filters";
import type { SiteAuditRunner } from "./audit-runner.server";
import { readAuditRunState } from "./audit-runs.server";
import type { ProblemDetails } from "./audit-types";
import { isProblemCode, SEVERITIES, SEVERITY_RANK, severityOf, type ProblemCode } from "./problem-catalogue";
import type { OverviewAnswer, OverviewData, ProblemGroup, When } from "./overview-types";

/**
 * /admin/seo: the latest audit's summary (one row: the run holds its
 * figures), its problems grouped by kind (one grouped count and one windowed
 * read of the first few of each kind, on the run's index), a run in progress,
 * and the re-check button's action.
 */

/** Problems listed under each kind on the overview; a kind chosen in the address lists them all (up to this). */
const ITEMS_PER_GROUP = 10;
const ITEMS_OF_ONE_KIND = 500;

const when = (at: Date | null): When | null => (at ? { iso: at.toISOString(), text: formatClinicDateTime(at) } : null);

const schemas = {
  severity: z.enum(SEVERITIES),
  kind: z.string().refine(isProblemCode),
};

function summaryOf(run: SeoAuditRun): OverviewData["finished"] {
  return {
    id: run.id,
    trigger: run.trigger,
    startedAt: when(run.startedAt)!,
    finishedAt: when(run.finishedAt)!,
    durationMs: run.durationMs ?? 0,
    addressCount: run.addressCount ?? 0,
    pageCount: run.pageCount ?? 0,
    siteScore: run.siteScore,
    counts: { error: run.errors ?? 0, warning: run.warnings ?? 0, notice: run.notices ?? 0 },
    limitReached: run.limitReached,
    sitemapError: run.sitemapError,
    robotsError: run.robotsError,
  };
}

/**
 * `mine` is the run this instance is doing, from its memory: its progress is
 * newer than the row's (written with the 10 s heartbeat, for other instances).
 */
export async function auditOverview(
  db: Db,
  url: URL,
  mine: ReturnType<SiteAuditRunner["progress"]>,
): Promise<OverviewData> {
  const { values, ignored } = readParams(url.searchParams, schemas);
  const filters = { severity: values.severity, kind: values.kind as ProblemCode | undefined };
  const state = await readAuditRunState(db);
  const ours = mine !== null && mine.runId === state.running?.id;
  const running = state.running
    ? {
        id: state.running.id,
        trigger: state.running.trigger,
        startedAt: when(state.running.startedAt)!,
        found: ours ? mine.found : state.running.pagesFound,
        done: ours ? mine.done : state.running.pagesDone,
        stale: state.runningStale,
      }
    : null;
  const failed = state.failed
    ? { at: when(state.failed.finishedAt ?? state.failed.startedAt)!, failure: state.failed.failure ?? "" }
    : null;
  if (!state.finished) return { finished: null, running, failed, filters, ignored, groups: [] };

  return {
    finished: summaryOf(state.finished),
    running,
    failed,
    filters,
    ignored,
    groups: await problemGroups(db, state.finished.id, filters),
  };
}

/**
 * A finished run's problems never change (they are written before it is marked finished, and only ever
 * deleted with it), so its groups are kept per database for the latest run, per filter. The open overview
 * asks for its data every 2 s while a check runs; on PGlite those two queries ran on the thread that
 * answers visitors each time (issue 16).
 */
const groupsOfLatestRun = new WeakMap<Db, { runId: number; byFilter: Map<string, ProblemGroup[]> }>();

async function problemGroups(db: Db, runId: number, filters: OverviewData["filters"]): Promise<ProblemGroup[]> {
  let kept = groupsOfLatestRun.get(db);
  if (kept?.runId !== runId) groupsOfLatestRun.set(db, (kept = { runId, byFilter: new Map() }));
  const key = `${filters.severity ?? ""}|${filters.kind ?? ""}`;
  const known = kept.byFilter.get(key);
  if (known) return known;
  const groups = await readProblemGroups(db, runId, filters);
  kept.byFilter.set(key, groups);
  return groups;
}

async function readProblemGroups(db: Db, runId: number, filters: OverviewData["filters"]): Promise<ProblemGroup[]> {
  const conditions = [sql`run_id = ${runId}`];
  if (filters.severity) conditions.push(sql`severity = ${SEVERITY_RANK[filters.severity]}`);
  if (filters.kind) conditions.push(sql`code = ${filters.kind}`);
  const where = sql.join(conditions, sql` and `);
  const limit = filters.kind ? ITEMS_OF_ONE_KIND : ITEMS_PER_GROUP;
  const [counts, items] = await Promise.all([
    db.execute(sql`
      select code, count(*)::int as problems, count(distinct path)::int as pages
      from seo_audit_problems where ${where}
      group by code`) as unknown as Promise<{ rows: { code: string; problems: number; pages: number }[] }>,
    db.execute(sql`
      select code, path, details from (
        select code, path, details, row_number() over (partition by code order by path, id) as n
        from seo_audit_problems where ${where}
      ) listed where n <= ${limit}
      order by code, n`) as unknown as Promise<{ rows: { code: string; path: string; details: ProblemDetails }[] }>,
  ]);
  const groups = new Map<string, ProblemGroup>();
  for (const row of counts.rows) {
    if (!isProblemCode(row.code)) continue;
    groups.set(row.code, {
      code: row.code,
      problems: Number(row.problems),
      pages: Number(row.pages),
      items: [],
    });
  }
  for (const row of items.rows) groups.get(row.code)?.items.push({ path: row.path, details: row.details });
  const bySeverity = (group: ProblemGroup) => SEVERITY_RANK[severityOf(group.code)];
  return [...groups.values()].sort(
    (a, b) => bySeverity(a) - bySeverity(b) || b.pages - a.pages || a.code.localeCompare(b.code),
  );
}

/** The overview's one form: "recheck" starts an audit now (or says one is running). Audited. */
export async function runOverviewAction(
  db: Db,
  runner: SiteAuditRunner,
  actor: AuditActor,
  values: Record<string, string> | null,
): Promise<{ status: number; answer: OverviewAnswer }> {
  const intent = values?.intent ?? "";
  if (intent !== "recheck")
    return {
      status: 400,
      answer: formAnswer({ ok: false, intent, message: "This form submission could not be understood." }),
    };
  const claim = await runner.start("manual", actor.id);
  if (!claim.ok) {
    return {
      status: 200,
      answer: formAnswer({
        ok: true,
        intent,
        tone: "info",
        message: `A check is already running (started ${formatClinicDateTime(claim.running.startedAt)}). Its results appear here when it ends.`,
      }),
    };
  }
  await audit(db, actor, {
    action: "seo_audit_started",
    target: { type: "seo_audit_run", id: String(claim.run.id) },
    detail: { before: { running: null }, after: { running: claim.run.id, trigger: "manual" } },
  });
  return {
    status: 200,
    answer: formAnswer({
      ok: true,
      intent,
      message: "The check has started. It reads every page of the site; you can leave this page and come back.",
    }),
  };
}
