import { Writable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as t from "~/db/schema";
import { inProcessReader, SiteAuditRunner, type SiteReader } from "~/features/seo-audit/audit-runner.server";
import type { AuditOutcome } from "~/features/seo-audit/audit-types";
import { DAILY_AUDIT_HOUR, runDueAudit, SEO_AUDIT_JOB } from "~/features/seo-audit/daily-audit.server";
import { pageDetail } from "~/features/seo-audit/page-detail.server";
import { createLogger } from "../../server/logger";
import { describeOnEachDatabase } from "../setup/database-suite";
import { startFixtureSite, type FixtureSite } from "../setup/seo-fixture-site";

/** A clinic-time hour on a known day (America/New_York, EDT in June: UTC−4). */
const atClinicHour = (hour: number) => new Date(Date.UTC(2026, 5, 10, hour + 4, 5));

/**
 * The audit's runs against a real web site on loopback (the fixture site,
 * read through the same reader the in-process server uses): the nightly
 * run through the daily jobs' claims, a run stopped with its server, and a
 * run another instance took over. On PGlite and PostgreSQL.
 */
describeOnEachDatabase("site audit runs", (database) => {
  let site: FixtureSite;
  let logs = "";
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        logs += chunk;
        done();
      },
    }),
  );
  const db = () => database().db;
  const runner = (reader?: SiteReader) =>
    new SiteAuditRunner(db(), { publicUrl: site.url, logger, reader: reader ?? inProcessReader({ url: site.url }) });
  const runs = () => db().select().from(t.seoAuditRuns).orderBy(desc(t.seoAuditRuns.id));

  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    await db().delete(t.seoAuditRuns);
    await db().delete(t.jobRuns).where(eq(t.jobRuns.job, SEO_AUDIT_JOB));
  });

  it("runs nightly only for a site checked before, once per clinic day, from 03:00", async () => {
    const nightly = runner();
    // Never checked: a new install waits for the button (and test servers never audit by themselves).
    expect(await runDueAudit(db(), nightly, logger, atClinicHour(DAILY_AUDIT_HOUR))).toBeNull();
    expect(await runs()).toEqual([]);

    const manual = await nightly.start("manual", null);
    expect(manual.ok).toBe(true);
    await nightly.idle();
    // Checked an hour ago by hand: not again tonight.
    await db().execute(sql`update seo_audit_runs set started_at = ${atClinicHour(DAILY_AUDIT_HOUR - 1)}`);
    expect(await runDueAudit(db(), nightly, logger, atClinicHour(DAILY_AUDIT_HOUR))).toBeNull();
    // Checked yesterday: not before 03:00, then once.
    await db().execute(sql`update seo_audit_runs set started_at = ${new Date(atClinicHour(2).getTime() - 86_400_000)}`);
    expect(await runDueAudit(db(), nightly, logger, atClinicHour(DAILY_AUDIT_HOUR - 1))).toBeNull();
    expect(await runDueAudit(db(), nightly, logger, atClinicHour(DAILY_AUDIT_HOUR))).toMatch(/^Started run \d+$/);
    const other = runner();
    expect(await runDueAudit(db(), other, logger, atClinicHour(DAILY_AUDIT_HOUR + 1))).toBeNull();
    await nightly.idle();
    const [latest] = await runs();
    expect(latest).toMatchObject({ status: "finished", trigger: "daily", requestedBy: null });
    const [claim] = await db().select().from(t.jobRuns).where(eq(t.jobRuns.job, SEO_AUDIT_JOB));
    expect(claim).toMatchObject({ runKey: "2026-06-10", outcome: `Started run ${latest!.id}` });
    expect(logs).toContain('"job":"seo-audit"');
  });

  it("marks a run failed, with why, when its server stops in the middle; nothing of it is kept", async () => {
    // A reader that starts reading the site and is stopped before it ends.
    let reading: () => void = () => {};
    const started = new Promise<void>((resolve) => (reading = resolve));
    const slow: SiteReader = {
      mode: "in-process",
      async read(request, speed, hooks) {
        reading();
        await new Promise((_, reject) => hooks.signal.addEventListener("abort", () => reject(hooks.signal.reason)));
        return inProcessReader({ url: site.url }).read(request, speed, hooks);
      },
    };
    const stopping = runner(slow);
    const claim = await stopping.start("manual", null);
    await started;
    await stopping.stop();
    const [run] = await runs();
    expect(run).toMatchObject({
      id: claim.ok ? claim.run.id : 0,
      status: "failed",
      failure: "The server was stopped during the check.",
    });
    expect(await db().select().from(t.seoAuditPages)).toEqual([]);
    await expect(stopping.start("manual", null)).rejects.toThrow(/stopping/);
  });

  it("stops reading and keeps nothing when another instance has taken its run over", async () => {
    let goOn: () => void = () => {};
    const held = new Promise<void>((resolve) => (goOn = resolve));
    const reader: SiteReader = {
      mode: "in-process",
      async read(request, speed, hooks) {
        await held;
        return inProcessReader({ url: site.url }).read(request, speed, hooks);
      },
    };
    const first = runner(reader);
    const claim = await first.start("manual", null);
    expect(claim.ok).toBe(true);
    // Another instance decided this one was dead and marked its run failed (as a claim does after a minute of silence).
    await db()
      .update(t.seoAuditRuns)
      .set({ status: "failed", failure: "The check stopped answering." })
      .where(eq(t.seoAuditRuns.status, "running"));
    goOn();
    await first.idle();
    const [run] = await runs();
    expect(run).toMatchObject({ status: "failed", failure: "The check stopped answering." });
    expect(await db().select().from(t.seoAuditPages)).toEqual([]);
    expect(logs).toMatch(/taken over by another server/);
  });

  it("stores every figure the analysis gave, and keeps only the latest finished run", async () => {
    let outcome: AuditOutcome | null = null;
    const keeping: SiteReader = {
      mode: "in-process",
      async read(request, speed, hooks) {
        const read = await inProcessReader({ url: site.url }).read(request, speed, hooks);
        // The in-process reader gives the outcome whole; the runner puts it in the stored form.
        if ("stored" in read) throw new Error("the in-process reader gave its results already stored");
        outcome = read;
        return read;
      },
    };
    const first = runner(keeping);
    await first.start("manual", null);
    await first.idle();
    await first.start("manual", null);
    await first.idle();
    const [latest, ...older] = await runs();
    expect(latest).toMatchObject({ status: "finished" });
    expect(older).toEqual([]);

    const stored = await db().select().from(t.seoAuditPages).where(eq(t.seoAuditPages.runId, latest!.id));
    const analysed = outcome!.rows;
    expect(stored).toHaveLength(analysed.length);
    const byPath = new Map(stored.map((row) => [row.path, row]));
    for (const row of analysed) {
      const { problemCounts, headings, structuredItems, detail, lastModified, ...figures } = row;
      const kept = byPath.get(row.path)!;
      expect(kept, row.path).toMatchObject({
        ...figures,
        errors: problemCounts.error,
        warnings: problemCounts.warning,
        notices: problemCounts.notice,
        lastModified: lastModified === null ? null : new Date(lastModified),
      });
      const { linksIn, linksOut, ...lists } = detail;
      expect(kept.detail).toEqual(JSON.parse(JSON.stringify({ ...lists, headings, structuredItems })));
      // The links are stored once for the run; the page's view finds its own again.
      const view = await pageDetail(db(), row.path);
      expect(view.state === "found" && { linksIn: view.page.linksIn, linksOut: view.page.linksOut }, row.path).toEqual({
        linksIn,
        linksOut,
      });
    }
    expect(analysed.some((row) => row.detail.linksIn.length > 0 && row.detail.linksOut.length > 0)).toBe(true);
    // The fixture site plants pages with a date, without a title, kept out of search: each kind of value went in.
    expect(stored.filter((row) => row.lastModified !== null).length).toBeGreaterThan(0);
    expect(stored.filter((row) => row.title === null).length).toBeGreaterThan(0);
    expect(stored.filter((row) => row.notIndexable.length > 0).length).toBeGreaterThan(0);

    const problems = await db()
      .select()
      .from(t.seoAuditProblems)
      .where(eq(t.seoAuditProblems.runId, latest!.id))
      .orderBy(t.seoAuditProblems.id);
    expect(problems.map(({ path, code, details }) => ({ path, code, details }))).toEqual(
      outcome!.problems.map(({ path, code, details }) => ({
        path,
        code,
        details: JSON.parse(JSON.stringify(details)),
      })),
    );
    expect(problems.length).toBeGreaterThan(20);

    // A run stored before the links were the run's own (migration 0028) has them in each page's detail.
    const sample = analysed.find((row) => row.detail.linksIn.length > 0)!;
    await db().delete(t.seoAuditLinks).where(eq(t.seoAuditLinks.runId, latest!.id));
    await db()
      .update(t.seoAuditPages)
      .set({ detail: { ...(byPath.get(sample.path)!.detail as object), linksIn: ["/from-before"], linksOut: [] } })
      .where(and(eq(t.seoAuditPages.runId, latest!.id), eq(t.seoAuditPages.path, sample.path)));
    expect(await pageDetail(db(), sample.path)).toMatchObject({
      state: "found",
      page: { linksIn: ["/from-before"], linksOut: [] },
    });
  });
});
