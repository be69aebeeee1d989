import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { searchConsoleReport } from "~/features/search-console/report.server";
import { SEARCH_CONSOLE_UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { decodeEntities, startTags, withoutScripts } from "../setup/html";
import { exportZip, fixtureFiles } from "../setup/search-console-export";
import { addStaff, signInCookie } from "../setup/staff";

const PUBLIC_URL = "https://clinic.example";
const IMPORT = "/admin/seo/search-console/import";
const REPORT = "/admin/seo/search-console";
const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };
const ADMIN = { name: "Ada Admin", email: "ada.admin@clinic.example", roles: ["admin"] as const };
const SPRING = { start: "2026-03-01", end: "2026-05-31", searchType: "web" } as const;

/** A page's words as a person reads them (tags dropped, entities decoded, spaces collapsed). */
const textOf = (html: string) =>
  decodeEntities(
    withoutScripts(html)
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();

/**
 * The import through the HTTP API as a browser without JavaScript posts it
 * (multipart), against the real server on loopback: the preview writes no
 * import, saving commits it whole and audited, the same period again
 * replaces instead of doubling, another period stays apart, bad files get
 * 400 naming file, line and column with nothing stored, 413 and 415 at the
 * door; and the report's figures on the fixtures' known data.
 */
describe.each(databaseKinds())("Search Console import and report on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let adminCookie: string;
  const db = () => app.database.db;

  beforeAll(async () => {
    app = await startApiApp(kind, { PUBLIC_URL });
    await addStaff(app.database, [MARKETING, ADMIN]);
    cookie = await signInCookie(app.url, MARKETING.email);
    adminCookie = await signInCookie(app.url, ADMIN.email);
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(async () => {
    await db().delete(t.uploadPreviews);
    await db().delete(t.searchConsoleImports);
  });

  /** The import form as posted (multipart), with its files. */
  function post(fields: Record<string, string>, files: Record<string, Uint8Array> = {}, as = cookie) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, bytes] of Object.entries(files))
      form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name));
    return fetch(`${app.url}${IMPORT}`, { method: "POST", headers: { cookie: as, origin: app.url }, body: form });
  }
  const preview = (files: Record<string, Uint8Array>, fields: Record<string, string> = {}, as = cookie) =>
    post({ intent: "preview", ...fields }, files, as);
  const pendingIdOf = (html: string) => startTags(html, "input").find((input) => input.name === "pendingId")?.value;
  /** Preview, then save: the saved page's words. */
  async function importFiles(files: Record<string, Uint8Array>, fields: Record<string, string> = {}) {
    const shown = await preview(files, fields);
    const html = await shown.text();
    expect(shown.status, textOf(html).slice(0, 2000)).toBe(200);
    const saved = await post({ intent: "save", pendingId: pendingIdOf(html)! });
    expect(saved.status).toBe(200);
    return textOf(await saved.text());
  }
  const imports = () => db().select().from(t.searchConsoleImports).orderBy(t.searchConsoleImports.periodStart);
  const rowsOf = (importId: number, kind: "query" | "page") =>
    db()
      .select()
      .from(t.searchConsoleRows)
      .where(and(eq(t.searchConsoleRows.importId, importId), eq(t.searchConsoleRows.kind, kind)));
  const auditTrail = () =>
    db().select().from(t.auditLog).where(like(t.auditLog.action, "search_console%")).orderBy(desc(t.auditLog.id));

  it("previews an upload without storing it, then saves it whole and audited; a second save stores nothing more", async () => {
    const shown = await preview({
      "clinic.example-Performance-on-Search-2026-06-02.zip": exportZip(fixtureFiles("site")),
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const html = await shown.text();
    const words = textOf(html);
    expect(words).toContain(
      "Read 12 queries and 5 pages. Nothing is saved yet: check the preview below, then save it.",
    );
    expect(words).toContain("Preview: nothing is saved yet");
    expect(words).toContain("Period Mar 1 – May 31, 2026 (from Chart.csv, its first and last day)");
    expect(words).toContain("Search type Web (from Filters.csv)");
    expect(words).toContain("Covers The whole site (the export has no page filter)");
    expect(words).toContain("Nothing is stored for this period, search type and scope yet: saving adds it.");
    expect(words).toContain("Not used: Countries.csv, Devices.csv and Search appearance.csv.");
    expect(words).toContain("therapist near me, accepts aetna");
    expect(await imports()).toEqual([]);

    const pendingId = pendingIdOf(html)!;
    const saved = await post({ intent: "save", pendingId });
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain(
      "Saved: Mar 1 – May 31, 2026, the whole site, Web results (12 queries and 5 pages stored for it now).",
    );
    const [stored] = await imports();
    expect(stored).toMatchObject({
      searchType: "web",
      periodStart: SPRING.start,
      periodEnd: SPRING.end,
      scope: "",
      queryCount: 12,
      pageCount: 5,
    });
    expect(await rowsOf(stored!.id, "query")).toHaveLength(12);
    expect((await rowsOf(stored!.id, "page")).map((r) => r.key)).toContain("https://www.clinic.example/insurance");
    const [entry] = await auditTrail();
    expect(entry).toMatchObject({
      action: "search_console_imported",
      actorEmail: MARKETING.email,
      targetType: "search_console_import",
      targetId: String(stored!.id),
    });
    expect(entry!.detail).toMatchObject({
      before: null,
      after: { periodStart: SPRING.start, periodEnd: SPRING.end, searchType: "web", scope: "", queries: 12, pages: 5 },
    });

    // The button pressed twice (or the page posted again): the same import, once.
    const again = await post({ intent: "save", pendingId });
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain("This import was already saved: Mar 1 – May 31, 2026, the whole site");
    expect(await imports()).toHaveLength(1);
    expect(await rowsOf(stored!.id, "query")).toHaveLength(12);
    expect((await auditTrail()).filter((e) => e.targetId === String(stored!.id) && e.at >= entry!.at)).toHaveLength(1);
  });

  it("replaces what was stored for the same period, search type and scope, kind by kind, never doubling", async () => {
    const site = fixtureFiles("site");
    await importFiles({ "export.zip": exportZip(site) });
    const fewer = exportZip({
      "Chart.csv": site["Chart.csv"]!,
      "Filters.csv": site["Filters.csv"]!,
      "Queries.csv":
        "Top queries,Clicks,Impressions,CTR,Position\npsychiatrist winter park,50,1300,3.85%,6.1\nnew query,1,40,2.5%,9\n",
    });
    const shown = await preview({ "export.zip": fewer });
    const html = await shown.text();
    expect(textOf(html)).toContain(
      "This period, search type and scope were imported before: saving replaces the 12 queries stored now, and keeps the 5 pages stored now. Nothing is added twice.",
    );
    await post({ intent: "save", pendingId: pendingIdOf(html)! });
    const all = await imports();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ queryCount: 2, pageCount: 5 });
    expect((await rowsOf(all[0]!.id, "query")).map((r) => [r.key, r.clicks])).toEqual(
      expect.arrayContaining([
        ["psychiatrist winter park", 50],
        ["new query", 1],
      ]),
    );
    expect(await rowsOf(all[0]!.id, "query")).toHaveLength(2);
    expect(await rowsOf(all[0]!.id, "page")).toHaveLength(5);
    const [entry] = await auditTrail();
    expect(entry!.detail).toMatchObject({ before: { queries: 12, pages: 5 }, after: { queries: 2, pages: 5 } });
  });

  it("keeps another period apart, and a page's export apart from the whole site's", async () => {
    await importFiles({ "export.zip": exportZip(fixtureFiles("site")) });
    const words = await importFiles(
      {
        "Queries.csv": new TextEncoder().encode(
          "Top queries,Clicks,Impressions,CTR,Position\nwinter psychiatrist,3,90,3.33%,7\n",
        ),
      },
      { from: "2026-02-01", to: "2026-02-28" },
    );
    expect(words).toContain("Saved: Feb 1 – Feb 28, 2026, the whole site, Web results (1 query stored for it now).");
    await importFiles({ "export.zip": exportZip(fixtureFiles("page-services")) });
    const all = await imports();
    expect(all.map((row) => [row.periodStart, row.periodEnd, row.scope, row.queryCount, row.pageCount])).toEqual([
      ["2026-02-01", "2026-02-28", "", 1, null],
      ["2026-03-01", "2026-05-31", "", 12, 5],
      ["2026-03-01", "2026-05-31", "https://clinic.example/services", 3, 1],
    ]);
  });

  it("reports each page, its own searches and the opportunities by the stated thresholds (known data)", async () => {
    await importFiles({ "export.zip": exportZip(fixtureFiles("site")) });
    // Before any page's own export: the whole site's queries, no page known.
    const before = await searchConsoleReport(db(), SPRING, PUBLIC_URL);
    expect(before.lowCtr.map((o) => [o.query, o.impressions, o.page])).toEqual([
      ["adhd evaluation orlando", 880, null], // position 8.9: usually 2.8%, half is 1.4%; it has 1.36%
      ["anxiety treatment winter park", 310, null], // position 3.1: usually 11%; it has 0.65%
      ["medication management", 100, null], // exactly 100 impressions; 3% at position 5 (usually 7.2%)
    ]);
    expect(before.nearTop.map((o) => [o.query, o.position])).toEqual([
      ["psychiatrist winter park", 6.4],
      ["adhd evaluation orlando", 8.9],
      ["therapist near me, accepts aetna", 14.2],
      ["medication management", 5],
      ["depression help", 20], // exactly 20 impressions at exactly position 20
    ]);

    await importFiles({ "export.zip": exportZip(fixtureFiles("page-services")) });
    const report = await searchConsoleReport(db(), SPRING, PUBLIC_URL);
    expect(report.queryCount).toBe(12);
    const services = { url: "https://clinic.example/services", path: "/services", label: "/services" };
    // A query known from a page's own export is shown with that page, with that page's figures.
    expect(report.lowCtr.map((o) => [o.query, o.impressions, o.ctr, o.typicalCtr, o.page])).toEqual([
      ["adhd evaluation orlando", 700, 1.14, 2.8, services],
      ["anxiety treatment winter park", 310, 0.65, 11, null],
    ]);
    expect(report.nearTop.map((o) => [o.query, o.impressions, o.page?.path ?? null])).toEqual([
      ["adhd evaluation orlando", 700, "/services"],
      ["therapist near me, accepts aetna", 540, null],
      ["psychiatrist winter park", 400, "/services"],
      ["medication management", 90, "/services"],
      ["depression help", 20, null],
    ]);
    const pages = Object.fromEntries(report.pages.map((page) => [page.label, page]));
    expect(Object.keys(pages).sort()).toEqual([
      "/",
      "/blog/adhd-in-adults",
      "/services",
      "/team/dr-rivera",
      "https://www.clinic.example/insurance",
    ]);
    expect(pages["/"]!.figures).toEqual({ clicks: 210, impressions: 3400, ctr: 6.18, position: 4.2 });
    expect(pages["/services"]!.queries!.map((q) => q.query)).toEqual([
      "adhd evaluation orlando",
      "psychiatrist winter park",
      "medication management",
    ]);
    expect(pages["/"]!.queries).toBeNull();
    expect(pages["https://www.clinic.example/insurance"]!.path).toBeNull();

    // The page shows the same figures, sorted as asked, with the way to act on them.
    const page = await fetch(`${app.url}${REPORT}?sort=position`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const words = textOf(html);
    expect(words).toContain(
      "Mar 1 – May 31, 2026: 12 searches and 5 pages, from an export of the whole site and 1 export of one page.",
    );
    expect(words).toContain("Seen often, rarely clicked");
    expect(words).toContain(
      "at least 100 times, on the first page (position 10 or better), yet fewer than half as many people clicked",
    );
    expect(words).toContain("between 5 and 20 (seen at least 20 times)");
    expect(words).toContain("Rewrite the title and description of /services");
    expect(html).toContain('href="/admin/seo/page?path=%2Fservices"');
    expect(words).toContain("1.1% usually 2.8%");
    // Sorted by position, best first: / (4.2), /services (7.8), /team/dr-rivera (9.1) …
    const order = ["/", "/services", "/team/dr-rivera", "/blog/adhd-in-adults", "https://www.clinic.example/insurance"];
    const at = order.map((label) => html.indexOf(`>${label}</th>`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toMatch(
      /aria-sort="ascending"[^>]*><a[^>]*href="\/admin\/seo\/search-console\?period=2026-03-01\.\.2026-05-31&amp;sort=position&amp;dir=desc"/,
    );
  });

  it("answers bad files with 400 naming the file, line and column, and stores nothing", async () => {
    const auditedBefore = (await auditTrail()).length;
    const rows = Array.from({ length: 12 }, (_, i) => `query ${i},1,10,10%,3`);
    const bad = new TextEncoder().encode(
      ["Top queries,Clicks,Impressions,CTR,Position", ...rows, "broken,1,10,abc,3"].join("\n"),
    );
    const refused = await preview({ "Queries.csv": bad }, { from: "2026-03-01", to: "2026-03-31" });
    expect(refused.status).toBe(400);
    const words = textOf(await refused.text());
    expect(words).toContain("These files could not be imported, and nothing was stored.");
    expect(words).toContain(
      'Queries.csv, line 14, column CTR: "abc" is not a percentage (Search Console writes CTR as 12.5%).',
    );

    const header = await preview({ "Queries.csv": new TextEncoder().encode("Keyword,Clicks\nx,1\n") });
    expect(header.status).toBe(400);
    expect(textOf(await header.text())).toContain(
      'Queries.csv, line 1: expected the header Top queries,Clicks,Impressions,CTR,Position, but the file starts with "Keyword,Clicks".',
    );
    const noDates = await preview({
      "Queries.csv": new TextEncoder().encode("Top queries,Clicks,Impressions,CTR,Position\nx,1,10,10%,3\n"),
    });
    expect(noDates.status).toBe(400);
    expect(textOf(await noDates.text())).toContain("The files do not say which days they cover.");
    const none = await post({ intent: "preview" });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain(
      "Choose the zip Search Console downloaded, or its Queries.csv and Pages.csv.",
    );
    const unknown = await post({ intent: "save", pendingId: "not-a-preview" });
    expect(unknown.status).toBe(400);
    const odd = await post({ intent: "import-everything" });
    expect(odd.status).toBe(400);

    expect(await imports()).toEqual([]);
    expect(await db().select().from(t.uploadPreviews)).toEqual([]);
    expect(await auditTrail()).toHaveLength(auditedBefore);
  });

  it("refuses a body past the upload bound (413) and one that is not a form (415); other pages keep their 32 KB bound", async () => {
    const big = new Uint8Array(SEARCH_CONSOLE_UPLOAD_MAX_BYTES + 1024).fill(0x61);
    const tooLarge = await preview({ "Queries.csv": big });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe("These files are too large to upload here (the limit is 5 MB).");
    // React Router's data request for the same action has the same bound.
    const form = new FormData();
    form.append("intent", "preview");
    form.append("files", new File([big], "Queries.csv"));
    const asData = await fetch(`${app.url}${IMPORT}.data`, {
      method: "POST",
      headers: { cookie, origin: app.url },
      body: form,
    });
    expect(asData.status).toBe(413);

    const json = await fetch(`${app.url}${IMPORT}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "preview" }),
    });
    expect(json.status).toBe(415);

    // 40 KB of queries is fine here (a bad file, so 400: read, not refused at the door)…
    const fortyK = new Uint8Array(40 * 1024).fill(0x61);
    expect((await preview({ "Queries.csv": fortyK }, { from: "2026-03-01", to: "2026-03-31" })).status).toBe(400);
    // …but not on a page whose forms hold a few short fields.
    const elsewhere = new FormData();
    elsewhere.append("intent", "save");
    elsewhere.append("files", new File([fortyK], "x.csv"));
    const redirects = await fetch(`${app.url}/admin/seo/redirects`, {
      method: "POST",
      headers: { cookie, origin: app.url },
      body: elsewhere,
    });
    expect(redirects.status).toBe(413);
    expect(await imports()).toEqual([]);
  });

  it("saves a preview for the person who made it, before it expires", async () => {
    const shown = await preview({ "export.zip": exportZip(fixtureFiles("site")) });
    const pendingId = pendingIdOf(await shown.text())!;
    const other = await post({ intent: "save", pendingId }, {}, adminCookie);
    expect(other.status).toBe(404);
    await db()
      .update(t.uploadPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.uploadPreviews.id, pendingId));
    const late = await post({ intent: "save", pendingId });
    expect(late.status).toBe(404);
    expect(textOf(await late.text())).toContain("This preview has expired or was never made. Upload the files again.");
    expect(await imports()).toEqual([]);
  });

  it("deletes an import with its rows, audited; a second delete says it is gone", async () => {
    await importFiles({ "export.zip": exportZip(fixtureFiles("site")) });
    const [stored] = await imports();
    const deleted = await post({ intent: "delete", id: String(stored!.id) });
    expect(deleted.status).toBe(200);
    expect(textOf(await deleted.text())).toContain("Deleted the data of Mar 1 – May 31, 2026 for the whole site.");
    expect(await imports()).toEqual([]);
    expect(await db().select().from(t.searchConsoleRows).where(eq(t.searchConsoleRows.importId, stored!.id))).toEqual(
      [],
    );
    const [entry] = await auditTrail();
    expect(entry).toMatchObject({ action: "search_console_import_deleted", targetId: String(stored!.id) });
    expect(entry!.detail).toMatchObject({ before: { queries: 12, pages: 5 }, after: null });
    expect((await post({ intent: "delete", id: String(stored!.id) })).status).toBe(404);
    expect((await post({ intent: "delete", id: "abc" })).status).toBe(400);
    expect((await post({ intent: "delete", id: "99999999999" })).status).toBe(400);
  });
});
