import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as t from "~/db/schema";
import { axeViolations, expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds, browserDatabaseKinds } from "../setup/database";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const AUDIT = "/admin/seo";
const PAGES = "/admin/seo/pages";
const MARKETING = { name: "Mara Audit", email: "mara.audit@clinic.example", roles: ["marketing"] as const };
const LONG_TITLE = "A Title Planted Here That Runs Well Past What Any Search Result Shows | Cypress Lane";

/**
 * The site audit against the production build, one server for the file (on
 * each database: where the child reads the content from differs; the page's
 * own behaviour in a browser runs on one, decision 0053): the pages are read in a child process with its own
 * instance of the site (the server's log shows none of its requests);
 * the re-check button without and with JavaScript (progress, then the
 * result); the problem list and its filters; the page list's sorting,
 * filters, paging and CSV; one page's facts; keyboard use; axe at 375 and
 * 1280 px. A planted page (an overlong title, linked from nowhere) is named.
 */
describe.each(databaseKinds())("the site audit on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let cookie: string;

  /** A database of the demo site with a staff account and the planted page, before a server opens it. */
  async function prepareDatabase(label: string) {
    const dataDir = copyPgliteTemplate(`seo-audit-${label}-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    const target = databaseUrl ? { databaseUrl } : { dataDir };
    await addStaffTo(target, [MARKETING]);
    const database = await openDatabase(target);
    try {
      await database.db.insert(t.pages).values({
        slug: "audit-planted",
        section: "info",
        title: "A planted page",
        metaTitle: LONG_TITLE,
        metaDescription:
          "A page the site audit's browser test plants, linked from nowhere, with a description between one hundred and twenty and 156 characters.",
        body: `## About\n\n${"Words enough for a page of its own, so that only what was planted is found. ".repeat(12)}`,
      });
    } finally {
      await database.close();
    }
    // The last good copies fill the page cache the audit's child reads first (the harness leaves them off elsewhere).
    const env: Record<string, string> = { PAGE_COPIES: "on", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    return { dataDir, env };
  }

  beforeAll(async () => {
    server = await startServer(await prepareDatabase("main"));
    cookie = await signInCookie(server.url, MARKETING.email);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signedIn = async (viewport = DESKTOP, javaScriptEnabled = true) => {
    const opened = await browser.open({ viewport, javaScriptEnabled });
    await addSessionCookie(opened.context, server.url, cookie);
    return opened.page;
  };

  it("without JavaScript: the button starts a check, the page shows its progress and a refresh link, then the result", async () => {
    // (axe needs JavaScript in the page: it checks these states in the next test, with JavaScript on.)
    const page = await signedIn(DESKTOP, false);
    await page.goto(`${server.url}${AUDIT}`);
    await look(page.getByText("The site has not been checked yet")).visible();
    await page.getByRole("button", { name: "Check the site now" }).click();
    await look(page.getByText(/The check has started/)).visible();
    // Answered at once: the check is still going, and says how far it has got.
    await look(page.getByRole("heading", { name: "Checking the site" })).visible();
    await look(page.getByRole("button", { name: "Checking…" })).disabled();
    const refresh = page.getByRole("link", { name: "Refresh to see how far it has got" });
    await expect
      .poll(
        async () => {
          if (await refresh.isVisible()) await refresh.click();
          return page.getByRole("heading", { name: "The latest check" }).isVisible();
        },
        { timeout: 110_000, interval: 500 },
      )
      .toBe(true);
    // The planted page: its title is too long, and nothing links to it.
    await look(page.getByRole("heading", { name: "Title too long" })).visible();
    await look(page.getByRole("heading", { name: "No link to this page" })).visible();
    await look(page.getByRole("link", { name: "/audit-planted" }).first()).visible();
    // The first check after the server starts: its process is started then, at nice 19, and on this shared
    // machine it yields to every other process (a minute at a load of ten): more time than a test's usual.
  }, 120_000);

  it("read the pages in a child process of its own: the server's own request log shows none of them", () => {
    const output = server.output();
    expect(output).toMatch(/"mode":"child-process"[^\n]*"site audit finished"/);
    const ready = /"pid":(\d+),"sinceStartMs":\d+,"msg":"site audit: child process ready"/.exec(output);
    expect(ready).not.toBeNull();
    // Every thread of it at nice 19, under SCHED_IDLE and, with more than one core, kept to the last one (the
    // others are the server's).
    const child = `/proc/${ready![1]}`;
    const cpusOf = (status: string) => /Cpus_allowed_list:\s*(\S+)/.exec(status)![1];
    const serverCpus = cpusOf(fs.readFileSync("/proc/self/status", "utf8"));
    const lastCpu = String(Math.max(...serverCpus.split(/[,-]/).map(Number)));
    for (const thread of fs.readdirSync(`${child}/task`)) {
      const stat = fs.readFileSync(`${child}/task/${thread}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      expect(Number(fields[16]), `thread ${thread}'s nice`).toBe(19);
      // Its scheduling policy (proc(5): the 41st field): 5, SCHED_IDLE.
      expect(Number(fields[38]), `thread ${thread}'s policy`).toBe(5);
      const cpus = cpusOf(fs.readFileSync(`${child}/task/${thread}/status`, "utf8"));
      expect(cpus, `thread ${thread}'s cores`).toBe(serverCpus === lastCpu ? serverCpus : lastCpu);
    }
    // While it read and judged, the server's main thread kept off that core (the child set it so, and gave it
    // back before its results): a while kept, and every core again now.
    const run = /"serverKeptMs":(null|\d+)[^\n]*"msg":"site audit: the child's run"/.exec(output);
    expect(run).not.toBeNull();
    if (serverCpus === lastCpu) expect(run![1]).toBe("null");
    else expect(Number(run![1])).toBeGreaterThan(0);
    expect(cpusOf(fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8"))).toBe(serverCpus);
    // PGlite lives in the server's process: the child reads a copy of the content. PostgreSQL: its own connections.
    if (kind === "pglite")
      expect(output).toMatch(/"tables":13,"bytes":\d+,"snapshotMs":\d+,"msg":"site audit: the child reads a copy/);
    else expect(output).not.toContain("the child reads a copy of the content");
    // The staff pages the browser opened are in the log; the clinicians' pages the audit read are not.
    expect(output).toContain('"path":"/admin/seo"');
    expect(output).not.toContain('"path":"/team/maya-ellison"');
  });

  if (kind === "pglite")
    it("sends the child no new copy of the content for a check when nothing in it changed since its last", async () => {
      const copies = () =>
        server.output().split('"msg":"site audit: the child reads a copy of the content"').length - 1;
      const current = () =>
        server.output().split(`"msg":"site audit: the child's copy of the content is current"`).length - 1;
      const finished = () => server.output().split('"msg":"site audit finished"').length - 1;
      const [copiesBefore, currentBefore, finishedBefore] = [copies(), current(), finished()];
      const res = await fetch(`${server.url}${AUDIT}`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=recheck",
      });
      expect(await res.text()).toContain("The check has started");
      await expect.poll(finished, { timeout: 60_000 }).toBeGreaterThan(finishedBefore);
      expect(current()).toBe(currentBefore + 1);
      expect(copies()).toBe(copiesBefore);
    }, 90_000);

  /** The child's runs as the server logged them (server/audit-child-host.ts). */
  const childRuns = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes(`"msg":"site audit: the child's run"`))
      .map((line) => JSON.parse(line) as { cachedPages: number });

  // The pages' own behaviour in a browser, once (decision 0053); the checks above are about the
  // database (where the audit's child reads the content from), so they run on both.
  if (browserDatabaseKinds("postgres").includes(kind)) {
    it("with JavaScript: a re-check follows itself to the end; the problems filter by severity and kind", async () => {
      // The server's pass for its last good copies (decision 0039) has drawn every sitemap page into its page
      // cache by now; the child then asks the server for those (only-if-cached) rather than draw them again.
      await expect
        .poll(() => server.output().includes('"msg":"refreshed the last good copies of public pages"'), {
          timeout: 60_000,
        })
        .toBe(true);
      const runsBefore = childRuns().length;
      const page = await signedIn();
      await page.goto(`${server.url}${AUDIT}`);
      await hydrated(page);
      const finishedBefore = await page.locator("time").first().getAttribute("datetime");
      // What the page asks while the check runs: its progress alone, and its whole data only when it ends.
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "GET") asked.push(new URL(request.url()).pathname);
      });
      await page.getByRole("button", { name: "Check the site now" }).click();
      await look(page.getByText(/The check has started/)).visible();
      // The progress, as the page shows it while the check runs (a few seconds): nothing axe can find either.
      await look(page.getByRole("heading", { name: "Checking the site" })).visible();
      expect(await axeViolations(page)).toEqual([]);
      // No refresh by hand: the page asks every two seconds while the check runs.
      await expect
        .poll(async () => page.locator("time").first().getAttribute("datetime"), { timeout: 60_000, interval: 500 })
        .not.toBe(finishedBefore);
      await look(page.getByRole("button", { name: "Check the site now" })).enabled();
      expect(asked.filter((path) => path === "/admin/seo/progress").length).toBeGreaterThanOrEqual(1);
      // Once after the button's answer (React Router's revalidation after an action), once at the end.
      expect(asked.filter((path) => path === "/admin/seo.data")).toHaveLength(2);
      await expectAxeCleanAtBothWidths(page);
      const run = childRuns().at(-1)!;
      expect(childRuns().length).toBeGreaterThan(runsBefore);
      // Most of the sitemap's pages came from the cache, and the planted page's problem was still found.
      const sitemapPages = ((await (await fetch(`${server.url}/sitemap.xml`)).text()).match(/<loc>/g) ?? []).length;
      expect(run.cachedPages).toBeGreaterThanOrEqual(Math.floor(sitemapPages / 2));
      await look(page.getByRole("link", { name: "/audit-planted" }).first()).visible();

      // Filters live in the address: a GET form, and chips that take a filter off.
      const filters = page.getByRole("search", { name: "Filter the problems" });
      await filters.getByLabel("Severity").selectOption("warning");
      await filters.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/severity=warning/);
      await look(page.getByRole("heading", { name: "Title too long" })).visible();
      await filters.getByLabel("Kind of problem").selectOption("orphan-page");
      await filters.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/kind=orphan-page/);
      await look(page.getByRole("heading", { name: "Title too long" })).hidden();
      await look(page.getByRole("heading", { name: "No link to this page" })).visible();
      await page.getByRole("link", { name: /Severity: Should fix/ }).click();
      await page.waitForURL((url) => !url.search.includes("severity") && url.search.includes("kind=orphan-page"));
      await page.goto(`${server.url}${AUDIT}?severity=error`);
      await look(page.getByText("No problems of this kind")).visible();
      await expectAxeCleanAtBothWidths(page);
    });

    it("the page list sorts by any figure, filters, pages through, downloads as CSV, and opens one page's facts", async () => {
      const page = await signedIn();
      await page.goto(`${server.url}${PAGES}`);
      await hydrated(page);
      await look(page.getByRole("heading", { level: 2, name: /^1–50 of \d+ addresses, by address$/ })).visible();
      await expectAxeCleanAtBothWidths(page);

      // Sorting by a header, from the keyboard: fewest words first, then most.
      const words = page.getByRole("link", { name: /^Words/ });
      await words.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/sort=wordCount/);
      await look(page.getByRole("columnheader", { name: /^Words/ })).attribute("aria-sort", "ascending");
      const figures = async () =>
        (
          await page
            .locator("tbody tr")
            .evaluateAll((rows) =>
              rows.map((row) => (row.querySelectorAll("td")[9] as HTMLElement | undefined)?.innerText ?? ""),
            )
        )
          .map((text) => Number(text.replace(/,/g, "")))
          .filter((n) => Number.isFinite(n));
      const ascending = await figures();
      expect(ascending.length).toBeGreaterThan(10);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await page.getByRole("link", { name: /^Words/ }).click();
      await page.waitForURL(/dir=desc/);
      await look(page.getByRole("columnheader", { name: /^Words/ })).attribute("aria-sort", "descending");

      // Paging: the next fifty, and back.
      await page.goto(`${server.url}${PAGES}`);
      await page.getByRole("link", { name: "Next 50" }).click();
      await page.waitForURL(/page=2/);
      await look(page.getByRole("heading", { level: 2, name: /^51–\d+ of \d+ addresses/ })).visible();
      await page.getByRole("link", { name: "Previous 50" }).click();
      await page.waitForURL((url) => !url.search.includes("page="));

      // Filters: pages that cannot be found in search.
      const filters = page.getByRole("search", { name: "Filter the pages" });
      await filters.getByLabel("In search").selectOption("no");
      await filters.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/indexable=no/);
      await look(page.getByRole("rowheader", { name: /\/thank-you/ })).visible();
      await look(page.getByRole("rowheader", { name: /\/services/ })).count(0);

      // The CSV has every column, for the rows the filters keep.
      const csv = await fetch(`${server.url}/admin/seo/pages.csv?indexable=no`, { headers: { cookie } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-disposition")).toMatch(
        /^attachment; filename="site-pages-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]!.split(",")).toHaveLength(36);
      expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(
        expect.arrayContaining(["/thank-you", "/newsletter"]),
      );

      // One page's facts: its problems (with where to fix them), headings and links.
      await page.goto(`${server.url}${PAGES}?q=planted`);
      await page.getByRole("link", { name: "/audit-planted" }).click();
      await page.waitForURL(/pages\/detail\?path=%2Faudit-planted/);
      await look(page.getByRole("heading", { level: 1, name: "/audit-planted" })).visible();
      await look(page.getByText("Title too long")).visible();
      await look(page.getByRole("heading", { name: "Heading outline" })).visible();
      await look(page.getByText("No page of the site links here.")).visible();
      expect(
        await page.getByRole("link", { name: "Edit search settings of /audit-planted" }).first().getAttribute("href"),
      ).toBe("/admin/seo/page?path=%2Faudit-planted");
      await expectAxeCleanAtBothWidths(page);
    });
  }
});
