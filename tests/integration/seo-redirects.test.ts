import { desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import * as t from "~/db/schema";
import { RedirectRuntime } from "~/features/seo-redirects/redirect-runtime.server";
import { addSlugRedirect, deleteRedirect, saveRedirect } from "~/features/seo-redirects/redirects.server";
import { runNotFoundAction, runRedirectsAction } from "~/features/seo-redirects/redirects-page.server";
import { notFoundCsv } from "~/features/seo-redirects/not-found-export.server";
import {
  ignoreNotFound,
  readNotFoundPage,
  writeNotFoundCounts,
} from "~/features/seo-redirects/not-found-monitor.server";
import type { NotFoundSort } from "~/features/seo-redirects/not-found-view";
import { describeOnEachDatabase } from "../setup/database-suite";

const PUBLIC_URL = "https://clinic.example";
const actor = { id: null, email: "marketing@clinic.example", ip: "127.0.0.1" };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describeOnEachDatabase("redirects and the 404 monitor", (database) => {
  const db = () => database().db;
  const save = (fromPath: string, toTarget: string, status: 301 | 302 = 301, id: number | null = null) =>
    saveRedirect(db(), PUBLIC_URL, id, { fromPath, toTarget, status }, actor);

  const listed = async ({ sort }: { sort: NotFoundSort }) =>
    (await readNotFoundPage(db(), { sort, search: "", ignored: false })).rows;

  beforeEach(async () => {
    await db().delete(t.seoRedirects);
    await db().delete(t.notFoundPaths);
  });

  it("saves a redirect normalised, audited with before and after", async () => {
    const made = await save("/Old-Page//", "/services?from=old", 302);
    expect(made.ok && made.redirect).toMatchObject({
      fromPath: "/old-page",
      toTarget: "/services?from=old",
      status: 302,
    });
    const id = made.ok ? made.redirect.id : 0;
    const changed = await save("/old-page", "https://elsewhere.example/a", 301, id);
    expect(changed.ok).toBe(true);
    const entries = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.targetId, String(id)))
      .orderBy(desc(t.auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(["redirect_changed", "redirect_created"]);
    expect(entries[0]!.detail).toEqual({
      before: { fromPath: "/old-page", toTarget: "/services?from=old", status: 302 },
      after: { fromPath: "/old-page", toTarget: "https://elsewhere.example/a", status: 301 },
    });
    expect(await deleteRedirect(db(), id, actor)).toBe(true);
    const [gone] = await db().select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1);
    expect(gone).toMatchObject({ action: "redirect_deleted", detail: { after: null } });
  });

  it.each([
    ["/admin/leads", "/x", "fromPath", /Staff pages/],
    ["/admin", "/x", "fromPath", /Staff pages/],
    ["/auth", "/x", "fromPath", /Staff pages/],
    ["/api/leads", "/x", "fromPath", /API/],
    ["/assets/app-123.js", "/x", "fromPath", /Files/],
    ["/robots.txt", "/x", "fromPath", /Files/],
    ["/", "/x", "fromPath", /home page/],
    ["old-page", "/x", "fromPath", /starting with \//],
    ["/old?x=1", "/x", "fromPath", /without \? or #/],
    ["/old", "javascript:alert(1)", "toTarget", /https:\/\//],
    ["/old", "//evil.example/x", "toTarget", /https:\/\//],
    ["/old", "ftp://files.example/x", "toTarget", /https:\/\//],
    ["/old", "/old/", "toTarget", /itself/],
    ["/old", "https://clinic.example/OLD", "toTarget", /itself/],
  ])("refuses %s → %s under %s", async (from, to, field, message) => {
    const refused = await save(from, to);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.status).toBe(400);
      expect(refused.fields[field as "fromPath" | "toTarget"]).toMatch(message);
    }
    expect(await db().select().from(t.seoRedirects)).toEqual([]);
  });

  it("refuses loops and chains, naming the other redirect", async () => {
    expect((await save("/a", "/b")).ok).toBe(true);
    const loop = await save("/b", "/a");
    expect(!loop.ok && loop.fields.toTarget).toMatch(/loop with the redirect from \/a to \/b/);
    const onward = await save("/z", "/a");
    expect(!onward.ok && onward.fields.toTarget).toMatch(
      /chain: \/a is itself redirected.*Point this redirect straight at \/b/,
    );
    const into = await save("/b", "/c");
    expect(!into.ok && into.fields.fromPath).toMatch(/chain: the redirect from \/a to \/b already sends visitors here/);
    const twice = await save("/A/", "/d");
    expect(!twice.ok && twice.fields.fromPath).toMatch(/already the redirect from \/a to \/b/);
    // An absolute address on this site counts as the same path.
    const viaUrl = await save("/y", "https://clinic.example/a");
    expect(!viaUrl.ok && viaUrl.fields.toTarget).toMatch(/chain/);
    expect(await db().select().from(t.seoRedirects)).toHaveLength(1);
  });

  it("answers the page's bad posts with 400 and field errors, never a throw", async () => {
    const runtime = new RedirectRuntime(db());
    const run = (values: Record<string, string> | null) => runRedirectsAction(db(), runtime, PUBLIC_URL, actor, values);
    expect((await run(null)).status).toBe(400);
    expect((await run({ intent: "save", id: "abc" })).status).toBe(400);
    const empty = await run({ intent: "save", fromPath: "", toTarget: "", status: "303" });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.answer.fields).sort()).toEqual(["fromPath", "status", "toTarget"]);
    expect((await run({ intent: "save", fromPath: "/x", toTarget: "/y", status: "301", id: "999999" })).status).toBe(
      404,
    );
    expect((await run({ intent: "delete", id: "999999" })).status).toBe(404);
    const ok = await run({ intent: "save", fromPath: "/x", toTarget: "/y", status: "301" });
    expect(ok.status).toBe(200);
    // Reloaded before the answer: the change holds on this instance at once.
    expect(runtime.match("GET", "/x")?.location).toBe("/y");
  });

  it("answers from memory: 301/302 for GET and HEAD, 308/307 otherwise, and counts hits in batches", async () => {
    await save("/old", "/new");
    await save("/gone", "/new?x=1", 302);
    await save("/away", "https://elsewhere.example/page");
    const runtime = new RedirectRuntime(db());
    await runtime.reload();
    expect(runtime.match("GET", "/old/?utm_source=mail")).toMatchObject({
      status: 301,
      location: "/new?utm_source=mail",
    });
    expect(runtime.match("HEAD", "/OLD")).toMatchObject({ status: 301, location: "/new" });
    expect(runtime.match("POST", "/old")).toMatchObject({ status: 308 });
    expect(runtime.match("POST", "/gone")).toMatchObject({ status: 307, location: "/new?x=1" });
    // An address elsewhere never gets the query string (it may hold personal data).
    expect(runtime.match("GET", "/away?email=a@b.c")).toMatchObject({
      location: "https://elsewhere.example/page",
      external: true,
    });
    expect(runtime.match("GET", "/old.data?_routes=x")).toMatchObject({ data: true, location: "/new" });
    expect(runtime.match("GET", "/new")).toBeNull();
    const before = await db().select().from(t.seoRedirects).where(eq(t.seoRedirects.fromPath, "/old"));
    expect(before[0]!.hits).toBe(0);
    await runtime.flush();
    const [old] = await db().select().from(t.seoRedirects).where(eq(t.seoRedirects.fromPath, "/old"));
    expect(old!.hits).toBe(4);
    expect(old!.lastHitAt).toBeInstanceOf(Date);
  });

  it("reaches a second instance through the version row, without a restart", async () => {
    const other = new RedirectRuntime(db());
    await other.start();
    try {
      expect(other.match("GET", "/moved")).toBeNull();
      await save("/moved", "/here");
      await expect.poll(() => other.match("GET", "/moved")?.location, { timeout: 8000, interval: 200 }).toBe("/here");
    } finally {
      await other.stop();
    }
  });

  it("addSlugRedirect: a 301 from the old slug, earlier redirects retargeted, none left from the new one", async () => {
    await save("/first-name", "/second-name");
    await addSlugRedirect(db(), "/second-name", "/third-name", actor);
    await addSlugRedirect(db(), "/third-name", "/first-name");
    const rows = await db().select().from(t.seoRedirects);
    const map = Object.fromEntries(rows.map((r) => [r.fromPath, `${r.toTarget} ${r.status}`]));
    // /first-name is the page's address again: no redirect away from it, and no chain anywhere.
    expect(map).toEqual({ "/second-name": "/first-name 301", "/third-name": "/first-name 301" });
    await expect(addSlugRedirect(db(), "/admin/x", "/y")).rejects.toThrow();
  });

  it("keeps 404s without the query string, host-only referrers, no bots, and a bounded table", async () => {
    const runtime = new RedirectRuntime(db(), { keepNotFound: 3 });
    runtime.countNotFound(
      "/missing-page?email=patient@example.com&name=Jo",
      FIREFOX,
      "https://www.google.com/search?q=private",
    );
    runtime.countNotFound("/Missing-Page/", FIREFOX, undefined);
    runtime.countNotFound("/bot-only", GOOGLEBOT, undefined);
    runtime.countNotFound("/no-agent", "", undefined);
    runtime.countNotFound("/admin/nothing", FIREFOX, undefined);
    runtime.countNotFound("/api/nothing", FIREFOX, undefined);
    runtime.countNotFound(`/${"x".repeat(600)}`, FIREFOX, undefined);
    runtime.countNotFound("/old-post.data?_routes=routes%2Fpublic%2Fslug-page", FIREFOX, undefined);
    await runtime.flush();
    const rows = await db().select().from(t.notFoundPaths);
    expect(rows.map((r) => [r.path, r.hits, r.referrerHost]).sort()).toEqual([
      ["/missing-page", 2, "www.google.com"],
      ["/old-post", 1, null],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/patient|q=private|\?/);

    for (const path of ["/p1", "/p2", "/p3"]) {
      runtime.countNotFound(path, FIREFOX, undefined);
      await runtime.flush();
    }
    const kept = await db().select({ path: t.notFoundPaths.path }).from(t.notFoundPaths);
    expect(kept.map((r) => r.path).sort()).toEqual(["/p1", "/p2", "/p3"]);
  });

  it("ignored rows are hidden and not counted again; a new redirect takes its path out of the monitor", async () => {
    const runtime = new RedirectRuntime(db());
    runtime.countNotFound("/wp-login.php", FIREFOX, undefined);
    runtime.countNotFound("/old-team", FIREFOX, undefined);
    await runtime.flush();
    expect(await ignoreNotFound(db(), "/wp-login.php", actor)).toBe(true);
    runtime.countNotFound("/wp-login.php", FIREFOX, undefined);
    await runtime.flush();
    const [ignored] = await db().select().from(t.notFoundPaths).where(eq(t.notFoundPaths.path, "/wp-login.php"));
    expect(ignored).toMatchObject({ hits: 1, ignored: true });
    expect((await listed({ sort: "hits" })).map((r) => r.path)).toEqual(["/old-team"]);
    await save("/old-team", "/team");
    expect(await listed({ sort: "last-seen" })).toEqual([]);
  });

  it("pages the monitor by count or last seen, forwards and back, with the total", async () => {
    // 7 paths: counts 7, 6, 6, 4, 3, 2, 1; last seen in the opposite order.
    const base = Date.parse("2026-11-20T12:00:00Z");
    const counts = [7, 6, 6, 4, 3, 2, 1];
    await writeNotFoundCounts(
      db(),
      counts.map((hits, i) => ({
        path: `/gone-${String.fromCharCode(97 + i)}`,
        hits,
        firstSeenAt: new Date(base),
        lastSeenAt: new Date(base + (counts.length - i) * 60_000),
        referrerHost: null,
      })),
    );
    const byHits = { sort: "hits" as const, search: "", ignored: false };
    const first = await readNotFoundPage(db(), byHits, 3);
    expect(first.rows.map((r) => [r.path, r.hits])).toEqual([
      ["/gone-a", 7],
      ["/gone-b", 6],
      ["/gone-c", 6],
    ]);
    expect(first).toMatchObject({ total: 7, isFirstPage: true, previous: undefined });
    const second = await readNotFoundPage(db(), { ...byHits, after: first.next }, 3);
    expect(second.rows.map((r) => r.path)).toEqual(["/gone-d", "/gone-e", "/gone-f"]);
    const third = await readNotFoundPage(db(), { ...byHits, after: second.next }, 3);
    expect(third.rows.map((r) => r.path)).toEqual(["/gone-g"]);
    expect(third.next).toBeUndefined();
    // Back from the last page: the same middle page, then the first (which knows it is the first).
    const back = await readNotFoundPage(db(), { ...byHits, before: third.previous }, 3);
    expect(back.rows.map((r) => r.path)).toEqual(["/gone-d", "/gone-e", "/gone-f"]);
    const start = await readNotFoundPage(db(), { ...byHits, before: back.previous }, 3);
    expect(start.rows.map((r) => r.path)).toEqual(["/gone-a", "/gone-b", "/gone-c"]);
    expect(start.isFirstPage).toBe(true);

    const byLastSeen = await readNotFoundPage(db(), { ...byHits, sort: "last-seen" }, 4);
    expect(byLastSeen.rows.map((r) => r.path)).toEqual(["/gone-a", "/gone-b", "/gone-c", "/gone-d"]);
    // A cursor that does not parse is ignored: the first page.
    const junk = await readNotFoundPage(db(), { ...byHits, after: "not-a-cursor" }, 3);
    expect(junk.rows.map((r) => r.path)).toEqual(["/gone-a", "/gone-b", "/gone-c"]);
  });

  it("searches paths as plain text (% and _ mean themselves), and counts an ignored path again, audited", async () => {
    const at = new Date("2026-11-20T12:00:00Z");
    await writeNotFoundCounts(
      db(),
      ["/old_team", "/oldxteam", "/100%-natural", "/wp-login.php"].map((path) => ({
        path,
        hits: 1,
        firstSeenAt: at,
        lastSeenAt: at,
        referrerHost: null,
      })),
    );
    const paths = async (search: string, ignored = false) =>
      (await readNotFoundPage(db(), { sort: "hits", search, ignored })).rows.map((r) => r.path);
    expect(await paths("old_")).toEqual(["/old_team"]);
    expect(await paths("0%")).toEqual(["/100%-natural"]);
    expect(await paths("OLD")).toEqual(["/old_team", "/oldxteam"]);

    const ignore = await runNotFoundAction(db(), actor, { intent: "ignore", path: "/wp-login.php" });
    expect(ignore.status).toBe(200);
    expect(await paths("", true)).toEqual(["/wp-login.php"]);
    expect(await paths("wp-")).toEqual([]);
    const again = await runNotFoundAction(db(), actor, { intent: "unignore", path: "/wp-login.php" });
    expect(again).toMatchObject({ status: 200, answer: { ok: true } });
    expect(await paths("wp-")).toEqual(["/wp-login.php"]);
    expect((await runNotFoundAction(db(), actor, { intent: "unignore", path: "/wp-login.php" })).status).toBe(404);
    expect((await runNotFoundAction(db(), actor, { intent: "delete", path: "/wp-login.php" })).status).toBe(400);
    const entries = await db()
      .select({ action: t.auditLog.action, detail: t.auditLog.detail })
      .from(t.auditLog)
      .where(eq(t.auditLog.targetId, "/wp-login.php"))
      .orderBy(desc(t.auditLog.id))
      .limit(2);
    expect(entries.map((e) => e.action)).toEqual(["not_found_unignored", "not_found_ignored"]);
  });

  it("downloads every row of the view as CSV, not just one page", async () => {
    const at = new Date("2026-11-20T12:00:00Z");
    await writeNotFoundCounts(
      db(),
      Array.from({ length: 120 }, (_, i) => ({
        path: `/gone/${String(i).padStart(3, "0")}`,
        hits: 1 + (i % 5),
        firstSeenAt: at,
        lastSeenAt: at,
        referrerHost: i === 0 ? "www.google.com" : null,
      })),
    );
    const response = notFoundCsv(db(), new URLSearchParams("q=/gone/0"));
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Path,Count,First seen (UTC),Last seen (UTC),Came from");
    // /gone/000 … /gone/099 contain "/gone/0"; by count, most first.
    expect(lines).toHaveLength(101);
    expect(lines.slice(1).map((l) => Number(l.split(",")[1]))).toEqual(
      [...lines.slice(1).map((l) => Number(l.split(",")[1]))].sort((a, b) => b - a),
    );
    expect(lines).toContain("/gone/000,1,2026-11-20T12:00:00.000Z,2026-11-20T12:00:00.000Z,www.google.com");
  });
});
