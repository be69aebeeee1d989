import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { PAGE_DEFAULTS_HEADER, signDefaultsRead } from "~/features/seo/page-defaults-read.server";
import { readPageFacts } from "~/features/seo-text/page-facts.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { addStaff, signInCookie } from "../setup/staff";

const PUBLIC_URL = "https://clinic.example";
const EDITOR = "/admin/seo/page";
const MARKETING = { name: "Mara Search", email: "mara.search@clinic.example", roles: ["marketing"] as const };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const ADHD = {
  title: "ADHD Testing for Adults in Winter Park | Cypress Lane",
  description:
    "Adult ADHD testing in Winter Park: a calm, thorough evaluation with a psychiatrist, and a plan you can use. In person or by telehealth.",
  socialTitle: "Struggling to focus? Book an ADHD evaluation",
  socialImage: "/images/adhd-card.png",
  // Words the page itself never uses, so their absence from what visitors get means something.
  focusKeyphrase: "ADHD testing Kissimmee",
};

/**
 * Per-page settings through HTTP, as a staff member's browser without
 * JavaScript posts them and as visitors and crawlers get the pages: the
 * in-process server (the real front, page cache on) on each database.
 */
describe.each(databaseKinds())("per-page search settings on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let staffId: string;
  beforeAll(async () => {
    app = await startApiApp(kind, { PAGE_CACHE_ENTRIES: "200", PUBLIC_URL });
    staffId = (await addStaff(app.database, [MARKETING]))[0]!.id;
    cookie = await signInCookie(app.url, MARKETING.email);
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(async () => {
    await app.database.db.delete(t.seoPageSettings);
  });

  const db = () => app.database.db;
  /** A visitor's GET: the answer and the facts of its HTML, as a crawler reads them. */
  async function visit(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${app.url}${path}`, { headers: { "user-agent": FIREFOX, ...headers } });
    const html = await res.text();
    return { res, html, facts: readPageFacts(html, `${PUBLIC_URL}${path}`) };
  }
  /** The editor's form, posted as a browser without JavaScript posts it. */
  const post = (fields: Record<string, string>) =>
    fetch(`${app.url}${EDITOR}?${new URLSearchParams({ path: fields.path ?? "" })}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const save = (path: string, fields: Record<string, string>) => post({ intent: "save", path, ...fields });
  const lastAudit = async () => (await db().select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1))[0];

  it("refuses bad settings with 400 naming each field, and saves nothing", async () => {
    const res = await save("/adhd", {
      title: "Hi",
      description: "x".repeat(201),
      canonical: "javascript:alert(1)",
      socialImage: "http://insecure.example/card.png",
      socialTitle: "ok title here",
      focusKeyphrase: "one two three four five six seven eight nine ten",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      "Keep the title between 10 and 70 characters (it has 2). Google shows about 60.",
      "Keep the description between 50 and 200 characters (it has 201).",
      "Enter a path of this site such as /adhd-evaluation, or a full address starting with https://.",
      "Enter the path of an image on this site, such as /og-default.png, or a full address starting with https://.",
      "Keep the keyphrase to a few words: 8 at most, 100 characters (it has 10 words).",
    ]) {
      expect(html).toContain(message);
    }
    // What was typed comes back in the fields.
    expect(html).toContain('value="ok title here"');
    expect(await db().select().from(t.seoPageSettings)).toEqual([]);
    expect((await lastAudit())?.action).not.toBe("page_settings_changed");
  });

  it("saves a page's settings audited with before and after; the page carries them at once, its cached copy dropped", async () => {
    await visit("/adhd");
    const before = await visit("/adhd");
    expect(before.res.headers.get("x-cache")).toBe("HIT");
    const ownTitle = before.facts.titles[0]!;
    expect(ownTitle).not.toBe(ADHD.title);

    const res = await save("/ADHD/", ADHD);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Saved. Visitors and search engines get /adhd");

    const [row] = await db().select().from(t.seoPageSettings);
    expect(row).toMatchObject({
      path: "/adhd",
      ...ADHD,
      description: ADHD.description,
      canonical: null,
      updatedBy: staffId,
    });
    expect(await lastAudit()).toMatchObject({
      action: "page_settings_changed",
      actorId: staffId,
      targetType: "page",
      targetId: "/adhd",
      detail: { before: null, after: ADHD },
    });

    // No wait for the 2 s poll: this instance dropped its copy when the change committed.
    const after = await visit("/adhd");
    expect(after.res.headers.get("x-cache")).toBe("MISS");
    const { facts } = after;
    expect(facts.titles).toEqual([ADHD.title]);
    expect(facts.descriptions).toEqual([ADHD.description]);
    expect(facts.canonicals).toEqual([`${PUBLIC_URL}/adhd`]);
    expect(facts.robots).toEqual([]);
    expect(facts.openGraph).toMatchObject({
      "og:title": ADHD.socialTitle,
      "og:description": ADHD.description,
      "og:image": `${PUBLIC_URL}/images/adhd-card.png`,
      "og:url": `${PUBLIC_URL}/adhd`,
    });
    // The default card's size is not claimed for an image staff chose.
    expect(facts.openGraph["og:image:width"]).toBeUndefined();
    expect(facts.twitter).toMatchObject({
      "twitter:title": ADHD.socialTitle,
      "twitter:description": ADHD.description,
      "twitter:image": `${PUBLIC_URL}/images/adhd-card.png`,
    });
    // The keyphrase is the editor's: visitors never get it.
    expect(after.html).not.toContain(ADHD.focusKeyphrase);
    expect((await visit("/adhd")).res.headers.get("x-cache")).toBe("HIT");

    // A client navigation asks the root's data again (/adhd.data): it carries the settings too.
    const data = await fetch(`${app.url}/adhd.data?_routes=root,routes/public/slug-page`);
    expect(await data.text()).toContain(ADHD.title);
  });

  it("reads a page without its settings only with a valid signed header, and never caches that read", async () => {
    expect((await save("/adhd", { title: ADHD.title })).status).toBe(200);
    await visit("/adhd");
    const signed = { [PAGE_DEFAULTS_HEADER]: signDefaultsRead(app.services.secret, "/adhd") };
    for (let i = 0; i < 2; i++) {
      const own = await visit("/adhd", signed);
      expect(own.res.headers.get("x-cache")).toBeNull();
      expect(own.facts.titles[0]).not.toBe(ADHD.title);
    }
    // Visitors still get the cached page with the settings.
    const cached = await visit("/adhd");
    expect(cached.res.headers.get("x-cache")).toBe("HIT");
    expect(cached.facts.titles).toEqual([ADHD.title]);
    // A header that does not verify is ignored: another page's, an expired one, a forged one, another secret's.
    for (const value of [
      signDefaultsRead(app.services.secret, "/depression"),
      signDefaultsRead(app.services.secret, "/adhd", Date.now() - 120_000),
      `${Date.now() + 30_000}.forged`,
      signDefaultsRead("not-the-secret-not-the-secret-not-the", "/adhd"),
    ]) {
      const tried = await visit("/adhd", { [PAGE_DEFAULTS_HEADER]: value });
      expect(tried.res.headers.get("x-cache")).toBe("HIT");
      expect(tried.facts.titles).toEqual([ADHD.title]);
    }
  });

  it("keeps a noindex page out of search (robots meta, X-Robots-Tag, sitemap), and a page with a canonical elsewhere out of the sitemap", async () => {
    const sitemapBefore = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemapBefore).toContain(`<loc>${PUBLIC_URL}/depression</loc>`);
    expect(sitemapBefore).toContain(`<loc>${PUBLIC_URL}/ocd</loc>`);

    expect((await save("/depression", { noindex: "on" })).status).toBe(200);
    // An absolute address on the site's own origin is kept as its path.
    expect((await save("/ocd", { canonical: `${PUBLIC_URL}/anxiety-therapy` })).status).toBe(200);
    expect((await save("/adhd", { canonical: "/adhd" })).status).toBe(200);
    expect((await db().select().from(t.seoPageSettings).where(eq(t.seoPageSettings.path, "/ocd")))[0]?.canonical).toBe(
      "/anxiety-therapy",
    );

    const hidden = await visit("/depression");
    expect(hidden.facts.robots).toEqual(["noindex, follow"]);
    expect(hidden.res.headers.get("x-robots-tag")).toBe("noindex");
    const elsewhere = await visit("/ocd");
    expect(elsewhere.facts.canonicals).toEqual([`${PUBLIC_URL}/anxiety-therapy`]);
    expect(elsewhere.facts.openGraph["og:url"]).toBe(`${PUBLIC_URL}/anxiety-therapy`);
    expect(elsewhere.res.headers.get("x-robots-tag")).toBeNull();

    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(`<loc>${PUBLIC_URL}/depression</loc>`);
    expect(sitemap).not.toContain(`<loc>${PUBLIC_URL}/ocd</loc>`);
    // A canonical naming the page itself keeps it listed.
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/adhd</loc>`);
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/anxiety-therapy</loc>`);
  });

  it("gives a field back to the page when it is emptied, and every field back on reset, audited", async () => {
    const own = (await visit("/anxiety-therapy")).facts;
    expect((await save("/anxiety-therapy", { title: ADHD.title, description: ADHD.description })).status).toBe(200);
    // The title emptied: the page's own title again, the description still the setting.
    expect((await save("/anxiety-therapy", { title: "", description: ADHD.description })).status).toBe(200);
    let facts = (await visit("/anxiety-therapy")).facts;
    expect(facts.titles).toEqual(own.titles);
    expect(facts.descriptions).toEqual([ADHD.description]);
    expect((await lastAudit())?.detail).toEqual({
      before: { title: ADHD.title, description: ADHD.description },
      after: { description: ADHD.description },
    });

    // The same values again change nothing (no audit entry).
    const count = (await db().select().from(t.auditLog)).length;
    const same = await save("/anxiety-therapy", { description: ADHD.description });
    expect(await same.text()).toContain("Nothing changed");
    expect((await db().select().from(t.auditLog)).length).toBe(count);

    const reset = await post({ intent: "reset", path: "/anxiety-therapy" });
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("/anxiety-therapy uses its own title, description and other settings again.");
    expect(await db().select().from(t.seoPageSettings)).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: "page_settings_reset",
      targetId: "/anxiety-therapy",
      detail: { before: { description: ADHD.description }, after: null },
    });
    facts = (await visit("/anxiety-therapy")).facts;
    expect(facts.titles).toEqual(own.titles);
    expect(facts.descriptions).toEqual(own.descriptions);

    expect((await post({ intent: "reset", path: "/anxiety-therapy" })).status).toBe(404);
    // Every field emptied at once is a reset too.
    expect((await save("/anxiety-therapy", { title: ADHD.title })).status).toBe(200);
    const emptied = await save("/anxiety-therapy", { title: "" });
    expect(await emptied.text()).toContain("Every field is empty, so /anxiety-therapy uses its own settings again.");
    expect(await db().select().from(t.seoPageSettings)).toEqual([]);
    expect((await lastAudit())?.action).toBe("page_settings_reset");
  });

  it.each([
    ["/admin/staff", 400, "Staff pages have no search settings"],
    ["/auth", 400, "Staff pages have no search settings"],
    ["/api/leads", 400, "The site's API answers programs"],
    ["/adhd.data", 400, "data, not a page"],
    ["adhd", 400, "a path starting with /"],
    ["/no-such-page", 404, "There is no page at /no-such-page on the site."],
    ["/robots.txt", 404, "/robots.txt is a file, not a page"],
  ])("refuses settings for %s (%i)", async (path, status, message) => {
    const posted = await save(path, { title: ADHD.title });
    expect(posted.status).toBe(status);
    expect(await posted.text()).toContain(message);
    const opened = await fetch(`${app.url}${EDITOR}?${new URLSearchParams({ path })}`, { headers: { cookie } });
    expect(opened.status).toBe(status);
    expect(await opened.text()).toContain(message);
    expect(await db().select().from(t.seoPageSettings)).toEqual([]);
  });

  it("opens the editor with the page's own values and content facts, and the picker with the pages that have settings", async () => {
    expect((await save("/adhd", { title: ADHD.title, noindex: "on" })).status).toBe(200);
    const editor = await (await fetch(`${app.url}${EDITOR}?path=/adhd`, { headers: { cookie } })).text();
    expect(editor).toContain(`value="${ADHD.title}"`);
    // The page's own title (the field's placeholder) and its readability come from the page itself.
    const signed = { [PAGE_DEFAULTS_HEADER]: signDefaultsRead(app.services.secret, "/adhd") };
    const ownTitle = (await visit("/adhd", signed)).facts.titles[0]!;
    expect(ownTitle).not.toBe(ADHD.title);
    expect(editor).toContain(`placeholder="${ownTitle.replace(/&/g, "&amp;")}"`);
    expect(editor).toMatch(/Flesch reading ease(<!-- -->)?: <span[^>]*>(Good|Could be better|Needs work)/);
    const picker = await (await fetch(`${app.url}${EDITOR}`, { headers: { cookie } })).text();
    expect(picker).toMatch(/<th[^>]*scope="row"[^>]*>.*\/adhd.*<\/th>/);
    expect(picker).toContain("Title, Kept out of search");
    expect(picker).toContain("Mara Search");
  });
});
