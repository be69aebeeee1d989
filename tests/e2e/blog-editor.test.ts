import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicDateTimeInputValue, formatClinicDateTime } from "~/lib/clinic-time";
import { expectAxeCleanAtBothWidths } from "../setup/axe";
import { DESKTOP, useBrowser } from "../setup/browser";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { hydrated, look, routerIdle } from "../setup/page-assertions";
import { startModelServer, type ModelServer } from "../setup/model-server";
import { startServer, type TestServer } from "../setup/server";
import { addSessionCookie, addStaffTo, signInCookie } from "../setup/staff";

const WRITER = { name: "Wren Writer", email: "wren.writer@clinic.example", roles: ["marketing"] as const };
const CLINICIAN = { name: "Cleo Clinician", email: "cleo.clinician@clinic.example", roles: ["clinician"] as const };

const TITLE = "Sleep, worry and the 3 a.m. mind";
const EXCERPT = "Why worry keeps us awake, and small steps that help (saved without JavaScript).";
const BODY = [
  "## Why worry wakes us",
  "",
  "Worry and sleep feed each other. A [page about anxiety](/anxiety-disorders) explains more.",
  "",
  '<script>alert("draft")</script> <img src=x onerror=alert(1)> [tap](javascript:alert(1))',
  "",
  "- Keep a notebook by the bed",
  "- Get up after twenty minutes awake",
].join("\n");

/** Markup that could run: a script element, an event handler or a javascript: link (escaped text is only text). */
const RUNNABLE = /<script|<[^>]+\son[a-z]+\s*=|<a[^>]+href="\s*javascript:/i;

/** The <article> of a served page, as its HTML text. */
function articleOf(html: string): string {
  const start = html.indexOf("<article");
  const end = html.indexOf("</article>", start);
  return html.slice(start, end + "</article>".length);
}

/**
 * The blog editor in Chromium against the production build: a writer
 * creates a post, autosave keeps it through a reload, a second tab gets a
 * conflict rather than a silent overwrite, the preview is the public page's
 * article byte for byte, the writer sends it to review, only the clinician
 * may approve, publication puts it on the blog with "Medically reviewed by"
 * and nothing runnable from the draft; the list finds it by its filters;
 * axe finds nothing at 375 and 1280 px, and the moves work from the keyboard.
 * A post scheduled in the editor for the next minute appears at that minute
 * (list, page, sitemap, feed), once, on the running server.
 */
describe.each(browserDatabaseKinds("pglite"))("the blog editor on %s", (kind) => {
  const browser = useBrowser();
  let server: TestServer;
  let model: ModelServer;
  let writerCookie: string;
  let clinicianCookie: string;

  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(`blog-editor-${kind}`);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    await addStaffTo(databaseUrl ? { databaseUrl } : { dataDir }, [WRITER, CLINICIAN]);
    model = await startModelServer();
    server = await startServer({
      dataDir,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        BLOG_AI_BASE_URL: model.url,
        BLOG_AI_MODEL: "loopback-writer",
        // A scheduled post shows within a second of its time rather than a minute (the setting's default).
        SCHEDULED_POSTS_POLL_SECONDS: "1",
      },
    });
    writerCookie = await signInCookie(server.url, WRITER.email);
    clinicianCookie = await signInCookie(server.url, CLINICIAN.email);
  });
  afterAll(async () => {
    await server?.stop();
    await model?.stop();
  });

  async function open(path: string, cookie: string) {
    const opened = await browser.open({ viewport: DESKTOP });
    await addSessionCookie(opened.context, server.url, cookie);
    await opened.page.goto(`${server.url}${path}`);
    await hydrated(opened.page);
    return opened;
  }

  /** Presses a workflow button from the keyboard: focused, then Enter. */
  async function pressMove(page: Page, name: string) {
    await routerIdle(page);
    const button = page.getByRole("button", { name, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await routerIdle(page);
  }

  // A post scheduled for the next whole minute: scheduled first, checked after the long journey below, which
  // runs while the minute comes (up to a minute of waiting otherwise).
  const scheduled = {
    title: "A short walk on a heavy day",
    slug: "a-short-walk-on-a-heavy-day",
    due: new Date(0),
    editorPath: "",
    /** When a read of /blog first listed it, from a watch started as it was scheduled. */
    firstListedAt: undefined as number | undefined,
    watch: Promise.resolve(),
    stopWatching: () => {},
  };
  const link = `href="/blog/${scheduled.slug}"`;
  const times = (text: string, part: string) => text.split(part).length - 1;
  const read = async (path: string) => (await fetch(`${server.url}${path}`)).text();

  it("schedules an approved post in the editor for the next minute; until then it is nowhere public", async () => {
    const send = (path: string, cookie: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });

    // An approved post, through the editor's own forms (as a browser without JavaScript sends them).
    const created = await send("/admin/blog/new", writerCookie, {
      intent: "save",
      title: scheduled.title,
      slug: "",
      excerpt: "Why a few minutes outside can help on a low day, and how to start small.",
      body: "## Start small\n\nA ten-minute walk can lift a low mood for a while. [Therapy](/therapy) can help too.",
      tags: "mood",
      authorSlug: "maya-ellison",
      reviewerSlug: "jordan-whitfield",
      metaTitle: "",
      metaDescription: "",
      canonical: "",
      featuredImageId: "",
    });
    expect(created.status).toBe(303);
    const editorPath = new URL(created.headers.get("location")!, server.url).pathname;
    scheduled.editorPath = editorPath;
    expect((await send(editorPath, writerCookie, { intent: "send-to-review" })).status).toBe(200);
    expect((await send(editorPath, clinicianCookie, { intent: "approve" })).status).toBe(200);

    // The clinician schedules it for the next whole minute (the field is to the minute), at least 7 s
    // away so that the form and the three reads below reach the server before it.
    const { page } = await open(editorPath, clinicianCookie);
    await look(page.getByTestId("post-status")).text("Approved");
    const due = new Date(Math.ceil((Date.now() + 7_000) / 60_000) * 60_000);
    scheduled.due = due;
    await page.getByLabel("Or publish at").fill(clinicDateTimeInputValue(due));
    await pressMove(page, "Schedule");
    await look(page.getByTestId("post-status")).text("Scheduled");
    await look(page.getByText(/^Appears on/)).contains(formatClinicDateTime(due));

    // Until then, nowhere public; the list is read (and cached) now, so only the due-post poll can show it.
    const [listBefore, pageBefore, sitemapBefore] = await Promise.all([
      read("/blog"),
      fetch(`${server.url}/blog/${scheduled.slug}`),
      read("/sitemap.xml"),
    ]);
    expect(times(listBefore, link)).toBe(0);
    expect(pageBefore.status).toBe(404);
    expect(sitemapBefore).not.toContain(`/blog/${scheduled.slug}<`);
    // From now on /blog is read every 250 ms until it lists the post: when it first did is checked later.
    let watching = true;
    scheduled.stopWatching = () => (watching = false);
    scheduled.watch = (async () => {
      while (watching && scheduled.firstListedAt === undefined) {
        // A read that fails (the server busy publishing, say) is tried again, as a visitor would.
        const listed = await read("/blog").then(
          (text) => times(text, link) > 0,
          () => false,
        );
        if (listed) scheduled.firstListedAt = Date.now();
        else await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    // Checked while the minute runs: the editor's scheduled state, axe clean too.
    await look(page.getByRole("button", { name: "Take off the schedule" })).visible();
    await expectAxeCleanAtBothWidths(page);
  });

  it("takes a post from a first word to the blog, through autosave, preview, review and approval", async () => {
    const { page, context } = await open("/admin/blog/new", writerCookie);
    await look(page.getByRole("heading", { level: 1 }).first()).text("Write a post");

    // The generator beside the editor writes into its body (and its empty title) from the loopback model.
    await page.getByLabel("Topic", { exact: true }).fill("Sleep and mood");
    await page.getByLabel("Audience", { exact: true }).fill("Adults who sleep badly");
    await page.getByLabel("Focus keyphrase", { exact: true }).fill("sleep and mood");
    await page.getByRole("group", { name: "Related services" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Propose an outline" }).click();
    await expect.poll(() => page.getByLabel("Outline", { exact: true }).inputValue()).toContain("Why sleep matters");
    await page.getByRole("button", { name: "Write the draft" }).click();
    await expect
      .poll(() => page.getByLabel("Body (Markdown)", { exact: true }).inputValue())
      .toBe("## Why sleep matters\n\nSleep and mood are closely linked. See [Therapy](/therapy).");
    await look(page.getByLabel("Title", { exact: true })).value("Sleep and mood");
    await look(page.getByTestId("post-preview").getByRole("heading", { level: 2 })).text("Why sleep matters");

    // Typing: the address follows the title, the preview follows the body, autosave keeps it all.
    await page.getByLabel("Title", { exact: true }).fill(TITLE);
    await look(page.getByLabel("Address", { exact: true })).value("sleep-worry-and-the-3-a-m-mind");
    await page.getByLabel("Excerpt", { exact: true }).fill("Why worry keeps us awake, and small steps that help.");
    await page.getByLabel("Body (Markdown)", { exact: true }).fill(BODY);
    await page.getByLabel("Author", { exact: true }).selectOption({ label: "Maya Ellison, MD" });
    await page.getByLabel("Clinical reviewer", { exact: true }).selectOption({ label: "Jordan Whitfield, PMHNP-BC" });
    await look(page.getByTestId("post-preview").getByRole("heading", { level: 2 })).text("Why worry wakes us");
    await look(page.getByTestId("autosave-status"), 15_000).text("All changes saved");
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/blog\/\d+$/);
    const editorPath = new URL(page.url()).pathname;

    // A reload shows what was typed.
    await page.reload();
    await hydrated(page);
    await look(page.getByLabel("Title", { exact: true })).value(TITLE);
    await look(page.getByLabel("Body (Markdown)", { exact: true })).value(BODY);
    await look(page.getByLabel("Clinical reviewer", { exact: true })).value("jordan-whitfield");
    // Nothing from the draft runs in the preview.
    const previewHtml = await page.getByTestId("post-preview").innerHTML();
    expect(previewHtml).not.toMatch(RUNNABLE);
    await expectAxeCleanAtBothWidths(page);

    // A second tab saves first: the first tab's next autosave is refused with a clear message, not written.
    const second = await context.newPage();
    await second.goto(`${server.url}${editorPath}`);
    await hydrated(second);
    await second
      .getByLabel("Excerpt", { exact: true })
      .fill("Why worry keeps us awake at night, and small steps that help.");
    await look(second.getByTestId("autosave-status"), 15_000).text("All changes saved");
    await page.getByLabel("Excerpt", { exact: true }).fill("Overwritten from a stale tab?");
    await look(page.getByRole("alert").filter({ hasText: "changed elsewhere" }), 15_000).visible();
    await second.close();
    await page.reload();
    await hydrated(page);
    await look(page.getByLabel("Excerpt", { exact: true })).value(
      "Why worry keeps us awake at night, and small steps that help.",
    );

    // Without JavaScript the same form saves as a plain post.
    const plain = await browser.open({ viewport: DESKTOP, javaScriptEnabled: false });
    await addSessionCookie(plain.context, server.url, writerCookie);
    await plain.page.goto(`${server.url}${editorPath}`);
    await plain.page.getByLabel("Excerpt", { exact: true }).fill(EXCERPT);
    await plain.page.getByRole("button", { name: "Save", exact: true }).click();
    await look(plain.page.getByText("Saved.", { exact: true })).visible();
    await look(plain.page.getByLabel("Excerpt", { exact: true })).value(EXCERPT);
    await plain.close();
    await page.reload();
    await hydrated(page);

    // A featured image, uploaded with its alt text, kept by autosave.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#4a7c74" } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Image file", { exact: true })
      .setInputFiles({ name: "dusk.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByLabel("Describe the image (alt text)").fill("A quiet bedroom lit by a bedside lamp");
    await page.getByRole("button", { name: "Upload image" }).click();
    await look(page.getByText("Remove this image")).visible();
    await look(page.getByTestId("autosave-status"), 15_000).text("All changes saved");

    // The checks follow the typing: "commit suicide" with no 988 is an error, and review is refused.
    const body = page.getByLabel("Body (Markdown)", { exact: true });
    await body.fill(`${BODY}\n\nSome people commit suicide after months of quiet pain.`);
    const checks = page.getByTestId("draft-checks");
    await look(checks.getByRole("list", { name: /Must change before review/ }).getByRole("listitem")).count(2);
    await look(checks.getByText(/commit suicide/).first()).visible();
    await look(page.getByTestId("autosave-status"), 15_000).text("All changes saved");
    await pressMove(page, "Send to review");
    await look(page.getByTestId("post-status")).text("Draft");
    await look(page.getByText(/^Change before review:.*commit suicide/i)).visible();
    await look(body).attribute("aria-invalid", "true");
    expect(await checks.getByLabel("Reason for overriding").count()).toBe(0);

    // The clinician lets it through with a written reason (kept with the post, audited).
    const clinician = await open(editorPath, clinicianCookie);
    const reason = "A reader's own words, quoted with consent; the crisis line is added at layout.";
    await clinician.page.getByLabel("Reason for overriding").fill(reason);
    await clinician.page.getByRole("button", { name: "Override with this reason" }).click();
    await look(clinician.page.getByTestId("checks-override")).contains(reason);
    await page.reload();
    await hydrated(page);

    // To review, from the keyboard; the writer cannot approve.
    await pressMove(page, "Send to review");
    await look(page.getByTestId("post-status")).text("In review");
    await look(page.getByText("Waiting for a clinician to approve it.")).visible();
    expect(await page.getByRole("button", { name: "Approve for publication" }).count()).toBe(0);

    // The clinician approves and publishes.
    await clinician.page.reload();
    await hydrated(clinician.page);
    await pressMove(clinician.page, "Approve for publication");
    await look(clinician.page.getByTestId("post-status")).text("Approved");
    await look(clinician.page.getByText(/Approved by Cleo Clinician on/)).visible();
    await pressMove(clinician.page, "Publish now");
    await look(clinician.page.getByTestId("post-status")).text("Published");

    // The public page: the post, "Medically reviewed by" its reviewer, nothing runnable from the draft.
    const slug = "sleep-worry-and-the-3-a-m-mind";
    const publicHtml = await (await fetch(`${server.url}/blog/${slug}`)).text();
    const article = articleOf(publicHtml);
    expect(article.replaceAll("<!-- -->", "")).toMatch(
      /Medically reviewed by <a[^>]*href="\/team\/jordan-whitfield"[^>]*>Jordan Whitfield, PMHNP-BC<\/a>/,
    );
    expect(article).not.toMatch(RUNNABLE);
    // The featured image: a <picture> with its alt text and size, loaded at once (the post's largest paint), and og:image.
    expect(article).toMatch(/<picture><source type="image\/avif"[^>]*>.*alt="A quiet bedroom lit by a bedside lamp"/);
    expect(article).toMatch(
      /<img[^>]*srcset="[^"]*\.jpg 320w,[^"]*\.jpg 1200w"[^>]*sizes="\(min-width: 56rem\) 56rem, 100vw"[^>]*width="1200" height="800"[^>]*loading="eager" fetchpriority="high"/i,
    );
    expect(publicHtml).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/[0-9a-f]{64}\.jpg"/);

    // The preview is the public article, byte for byte (what the editor shows, asked as its fetcher asks).
    await clinician.page.reload();
    await hydrated(clinician.page);
    const asked = await clinician.page.evaluate(async () => {
      const form = new FormData();
      for (const name of ["title", "excerpt", "body", "authorSlug", "reviewerSlug", "featuredImageId"]) {
        const field = document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
        form.set(name, field.value);
      }
      form.set("id", location.pathname.split("/").pop()!);
      const res = await fetch("/admin/blog/preview", { method: "POST", body: new URLSearchParams(form as never) });
      return ((await res.json()) as { html: string }).html;
    });
    expect(asked).toBe(article);
    expect(await clinician.page.getByTestId("post-preview").innerHTML()).toBe(
      await clinician.page.evaluate((html) => {
        const box = document.createElement("div");
        box.innerHTML = html;
        return box.innerHTML;
      }, article),
    );

    // Unpublished: the post stays, its address answers 410 Gone.
    await pressMove(clinician.page, "Unpublish");
    await look(clinician.page.getByTestId("post-status")).text("Unpublished");
    expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(410);
    await pressMove(clinician.page, "Publish now");
    await look(clinician.page.getByTestId("post-status")).text("Published");

    // The list finds it by status, reviewer and search; the filters are in the address.
    await page.goto(`${server.url}/admin/blog`);
    await hydrated(page);
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByLabel("Reviewer", { exact: true }).selectOption("jordan-whitfield");
    await page.getByLabel("Search (title or address)", { exact: true }).fill("3 a.m.");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ status: "published", author: "", reviewer: "jordan-whitfield", q: "3 a.m." });
    await look(page.getByRole("link", { name: TITLE })).visible();
    await look(page.getByRole("table").getByText("Cleo Clinician", { exact: false })).visible();
    await expectAxeCleanAtBothWidths(page);
  }, 180_000);

  it("puts the scheduled post on the blog at its minute, once, without a restart", async () => {
    // At its minute the list shows it, once, and not before (the poll runs every second here).
    const deadline = scheduled.due.getTime() + 75_000;
    while (scheduled.firstListedAt === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    scheduled.stopWatching();
    await scheduled.watch;
    const shownAt = scheduled.firstListedAt;
    expect(shownAt, "the post never appeared on /blog").toBeDefined();
    expect(shownAt!).toBeGreaterThanOrEqual(scheduled.due.getTime());
    expect(shownAt! - scheduled.due.getTime()).toBeLessThan(10_000);
    const [list, sitemap, feed] = await Promise.all([read("/blog"), read("/sitemap.xml"), read("/blog/rss.xml")]);
    expect(times(list, link)).toBe(1);
    expect(times(sitemap, `/blog/${scheduled.slug}</loc>`)).toBe(1);
    expect(times(feed, `/blog/${scheduled.slug}</link>`)).toBe(1);

    // A visitor finds it on the blog and opens it; the editor now says it is published.
    const { page } = await open("/blog", clinicianCookie);
    await page.getByRole("link", { name: scheduled.title, exact: true }).click();
    await look(page.getByRole("heading", { level: 1 })).text(scheduled.title);
    await look(page.getByText("Medically reviewed by")).visible();
    await page.goto(`${server.url}${scheduled.editorPath}`);
    await look(page.getByTestId("post-status")).text("Published");
  }, 120_000);
});
