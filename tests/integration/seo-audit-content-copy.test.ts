import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { contentKey, copiedTables, openContentCopy, refillCopy, snapshotContent } from "~/db/pglite-replica.server";
import { eq } from "drizzle-orm";
import * as t from "~/db/schema";
import { analyseSite } from "~/features/seo-audit/analyse-site.server";
import type { AuditOutcome } from "~/features/seo-audit/audit-types";
import { crawlSite } from "~/features/seo-audit/crawl.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { HERO_LEAD } from "../setup/leads";
import { openTestDatabase } from "../setup/database";
import { addStaff } from "../setup/staff";

/**
 * The copy of the content the audit's child process reads on PGlite
 * (app/db/pglite-replica.server.ts): the site served from the copy is the
 * site served from the database itself (the audit of each finds the same
 * rows and problems, with a planted problem), and nothing of the people in
 * it (leads, newsletter sign-ups, staff accounts, analytics) is copied.
 */
describe("a copy of the content for the audit's child process (PGlite)", () => {
  let source: Database;
  let copy: Database;
  let fromSource: ApiApp;
  let fromCopy: ApiApp;

  beforeAll(async () => {
    source = await openTestDatabase("pglite");
    await addStaff(source, [{ name: "Copy Check", email: "copy.check@clinic.example", roles: ["marketing"] }]);
    await source.db.insert(t.leads).values({
      formType: "hero",
      firstName: HERO_LEAD.firstName,
      lastName: HERO_LEAD.lastName,
      email: HERO_LEAD.email,
      phone: HERO_LEAD.phone,
      service: HERO_LEAD.service,
      source: "/",
    });
    await source.db.insert(t.pages).values({
      slug: "copy-check",
      section: "info",
      title: "A page only in the content",
      metaTitle: "A page only in the content, with a title far too long to show | Cypress Lane",
      metaDescription:
        "A page planted to compare the audit of the copy with the audit of the database, with a description of a proper length.",
      body: `## About\n\n${"Words enough for a page of its own, read from one database or from its copy. ".repeat(12)}`,
    });
    await source.db.insert(t.seoRedirects).values({ fromPath: "/copy-old", toTarget: "/copy-check", status: 301 });
    const snapshot = await snapshotContent(source.pglite!);
    copy = await openContentCopy(snapshot.rows);
    fromSource = await startApiApp(source);
    fromCopy = await startApiApp(copy);
  });
  afterAll(async () => {
    await fromCopy?.stop();
    await fromSource?.stop();
  });

  const audit = async (app: ApiApp): Promise<AuditOutcome> =>
    analyseSite(await crawlSite({ origin: app.url, publicUrl: "http://127.0.0.1", redirectPaths: ["/copy-old"] }), {
      publicUrl: "http://127.0.0.1",
    });

  it("serves the same site: the audit of the copy finds what the audit of the database finds", async () => {
    const [original, copied] = [await audit(fromSource), await audit(fromCopy)];
    expect(original.rows.length).toBeGreaterThan(60);
    // In the order of their addresses: four pages are read at a time, so the order they were found in varies.
    const byPath = <T extends { path: string }>(items: T[]) => [...items].sort((a, b) => a.path.localeCompare(b.path));
    const comparable = (outcome: AuditOutcome) =>
      byPath(outcome.rows).map(
        ({ path, status, title, description, wordCount, linksIn, linksOut, score, notIndexable }) => ({
          path,
          status,
          title,
          description,
          wordCount,
          linksIn,
          linksOut,
          score,
          notIndexable,
        }),
      );
    expect(comparable(copied)).toEqual(comparable(original));
    const problems = (outcome: AuditOutcome) => outcome.problems.map((p) => JSON.stringify(p)).sort();
    expect(problems(copied)).toEqual(problems(original));
    expect(copied.problems.map((p) => [p.path, p.code])).toContainEqual(["/copy-check", "title-too-long"]);
    expect(copied.rows.find((row) => row.path === "/copy-old")).toMatchObject({ status: 301, location: "/copy-check" });
  });

  it("copies no one: leads, newsletter sign-ups, staff accounts, sessions and analytics stay behind", async () => {
    const tables = copiedTables();
    for (const name of [
      "pages",
      "treatments",
      "site_content",
      "seo_redirects",
      "app_meta",
      "blog_posts",
      "team_members",
    ])
      expect(tables).toContain(name);
    for (const name of [
      "leads",
      "newsletter_subscribers",
      "users",
      "staff_sessions",
      "audit_log",
      "visits",
      "page_views",
      // Nor the staff tools' data: held previews, imports, ads, the audit's own results, the 404 monitor.
      "upload_previews",
      "search_console_rows",
      "ad_campaigns",
      "seo_audit_pages",
      "not_found_paths",
      "rate_limits",
    ])
      expect(tables).not.toContain(name);
    expect(await source.db.select().from(t.leads)).toHaveLength(1);
    expect(await copy.db.select().from(t.leads)).toEqual([]);
    expect(await copy.db.select().from(t.users)).toEqual([]);
    expect((await copy.db.select().from(t.pages)).length).toBe((await source.db.select().from(t.pages)).length);
  });

  it("is filled afresh for each run: the site as it is at the press, edits and removals included", async () => {
    await source.db
      .update(t.pages)
      .set({ title: "A page edited after the first copy" })
      .where(eq(t.pages.slug, "copy-check"));
    await source.db.delete(t.seoRedirects).where(eq(t.seoRedirects.fromPath, "/copy-old"));
    const pagesBefore = (await copy.db.select().from(t.pages)).length;
    await refillCopy(copy.pglite!, (await snapshotContent(source.pglite!)).rows);
    const [page] = await copy.db.select().from(t.pages).where(eq(t.pages.slug, "copy-check"));
    expect(page.title).toBe("A page edited after the first copy");
    expect(await copy.db.select().from(t.seoRedirects).where(eq(t.seoRedirects.fromPath, "/copy-old"))).toEqual([]);
    // Refilled, not added to: every page once.
    expect((await copy.db.select().from(t.pages)).length).toBe(pagesBefore);
    expect(await copy.db.select().from(t.leads)).toEqual([]);
  });

  // The server sends the child a new copy only when this key has moved since the copy it holds.
  it("keeps its key while nothing changes, and moves it on every insert, edit and removal of copied rows", async () => {
    const key = () => contentKey(source.pglite!);
    const first = await key();
    expect(await key()).toBe(first);
    // A snapshot carries the key of the rows it holds.
    expect((await snapshotContent(source.pglite!)).key).toBe(first);
    // Rows outside the copy do not move it.
    await source.db.insert(t.seoAuditRuns).values({ trigger: "manual" });
    expect(await key()).toBe(first);
    const seen = new Set([first]);
    const moved = async (what: string) => {
      const now = await key();
      expect(seen.has(now), `${what}: a key not seen before`).toBe(false);
      seen.add(now);
    };
    await source.db.insert(t.seoRedirects).values({ fromPath: "/key-old", toTarget: "/copy-check", status: 301 });
    await moved("an insert");
    await source.db.update(t.pages).set({ title: "A page edited for the key" }).where(eq(t.pages.slug, "copy-check"));
    await moved("an edit");
    await source.db.delete(t.seoRedirects).where(eq(t.seoRedirects.fromPath, "/key-old"));
    await moved("a removal");
    // Back to as many redirects as at first, and another edit of the same page: still new keys.
    await source.db.update(t.pages).set({ title: "A page only in the content" }).where(eq(t.pages.slug, "copy-check"));
    await moved("an edit back to the first title");
  });
});
