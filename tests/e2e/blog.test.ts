import { AxeBuilder } from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import * as t from "~/db/schema";
import { clonePostgresTemplate, copyPgliteTemplate, browserDatabaseKinds } from "../setup/database";
import { DESKTOP, MOBILE, useBrowser } from "../setup/browser";
import { hydrated, look } from "../setup/page-assertions";
import { startServer, type TestServer } from "../setup/server";

const PUBLIC_URL = "https://clinic.example";
const DAY = 24 * 3_600_000;

const DEMO_NEWEST_FIRST = [
  ["how-to-talk-to-your-doctor-about-adhd-as-an-adult", "How to Talk to Your Doctor About ADHD as an Adult"],
  [
    "heat-hurricanes-and-holidays-seasonal-stress-in-central-florida",
    "Heat, Hurricanes and Holidays: Seasonal Stress in Central Florida",
  ],
  ["sleep-and-mood", "Sleep and Mood: How Rest Affects the Way You Feel"],
  ["helping-a-teen-who-seems-anxious", "How to Help a Teen Who Seems Anxious"],
  [
    "telehealth-therapy-tips-for-a-private-comfortable-session",
    "Telehealth Therapy Tips: Making Your Session Private and Comfortable",
  ],
  ["what-to-expect-at-your-first-psychiatric-evaluation", "What to Expect at Your First Psychiatric Evaluation"],
] as const;

// 15 older posts (so /blog has 21 and three pages: 10, 10, 1), a draft and a scheduled post.
const ARCHIVE = Array.from({ length: 15 }, (_, i) => `archive-${String(i).padStart(2, "0")}`);
const TRICKY_TITLE = `Stress & sleep: "small" <steps> that help`;

function testPosts(): (typeof t.blogPosts.$inferInsert)[] {
  const description = (what: string) =>
    `${what}: a test article about everyday mental health, with plain words and practical steps that many people find helpful at home.`.padEnd(
      130,
      ".",
    );
  const post = (slug: string, over: Partial<typeof t.blogPosts.$inferInsert>) => ({
    slug,
    title: `Archive post ${slug}`,
    metaTitle: `Archive Post ${slug} | Cypress Lane`,
    metaDescription: description(slug),
    excerpt: `An older article (${slug}).`,
    body: `## What this is\n\nAn older article kept for the archive. ${"Words to read. ".repeat(120)}\n\n{{get-started}}`,
    authorSlug: "lucia-serrano",
    reviewerSlug: "maya-ellison",
    status: "published" as const,
    ...over,
  });
  return [
    ...ARCHIVE.map((slug, i) =>
      post(slug, {
        publishedAt: new Date(Date.UTC(2025, 0, 1 + i, 12)),
        updatedAt: new Date(Date.UTC(2025, 0, 1 + i, 12)),
        ...(i === 14 ? { title: TRICKY_TITLE } : {}),
      }),
    ),
    post("draft-notes", { status: "draft", publishedAt: new Date(Date.now() - DAY) }),
    post("coming-soon", { publishedAt: new Date(Date.now() + 7 * DAY) }),
    // Taken down by the staff (decision 0035): one answering 410 Gone, one sending visitors on.
    post("taken-down", { status: "unpublished", publishedAt: new Date(Date.UTC(2024, 5, 1, 12)) }),
    post("moved-on", {
      status: "unpublished",
      publishedAt: new Date(Date.UTC(2024, 5, 2, 12)),
      unpublishedRedirect: "/blog/sleep-and-mood",
    }),
  ];
}

/** Starts the production server on its own database, with the test posts written before it opens. */
async function startBlogServer(kind: "pglite" | "postgres") {
  if (kind === "postgres") {
    const url = await clonePostgresTemplate();
    const database = await openDatabase({ databaseUrl: url });
    await database.db.insert(t.blogPosts).values(testPosts());
    await database.close();
    return startServer({ env: { PUBLIC_URL, DATABASE_URL: url } });
  }
  const dataDir = copyPgliteTemplate("blog");
  const database = await openDatabase({ dataDir });
  await database.db.insert(t.blogPosts).values(testPosts());
  await database.close();
  return startServer({ dataDir, env: { PUBLIC_URL } });
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** React's markers between adjacent text pieces ("By <!-- -->Maya"), which a reader never sees. */
const withoutTextSeams = (html: string) => html.replaceAll("<!-- -->", "");

/** What search engines read of a page: one h1, title, description, canonical, JSON-LD. */
function readPage(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    h1s: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, ""))),
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    description: decode(head.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ""),
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    feed: head.match(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="([^"]*)"/)?.[1],
    ld: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown> & { "@type": string | string[] },
    ),
    /** Posts linked as list items' titles. */
    listed: [...html.matchAll(/<h2[^>]*><a[^>]*href="\/blog\/([^"]+)"/g)].map((m) => m[1]!),
  };
}

const ofType = <T = Record<string, unknown>>(ld: ReturnType<typeof readPage>["ld"], type: string) =>
  ld.find((node) => node["@type"] === type) as T | undefined;

describe.each(browserDatabaseKinds("postgres"))("blog on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startBlogServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });
  const page = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return readPage(await res.text());
  };

  it("lists the demo posts newest first on /blog, with date, author and reading time", async () => {
    const res = await get("/blog");
    expect(res.status).toBe(200);
    const html = withoutTextSeams(await res.text());
    const read = readPage(html);
    expect(read.listed.slice(0, 6)).toEqual(DEMO_NEWEST_FIRST.map(([slug]) => slug));
    expect(read.listed).toHaveLength(10);
    expect(read.h1s).toEqual(["Blog"]);
    expect(html).toContain("Helpful, plain-language reading on mental health");
    expect(html).toContain('<time dateTime="2026-10-06T12:00:00.000Z">October 6, 2026</time>');
    expect(html).toContain("By Jordan Whitfield, PMHNP-BC");
    expect(html.match(/\d+ min read/g)).toHaveLength(10);
    expect(read.canonical).toBe(`${PUBLIC_URL}/blog`);
    expect(read.feed).toBe(`${PUBLIC_URL}/blog/rss.xml`);

    const blog = ofType<{ blogPost: { "@type": string; headline: string; url: string }[] }>(read.ld, "Blog")!;
    expect(blog).toMatchObject({ "@context": "https://schema.org", url: `${PUBLIC_URL}/blog` });
    expect(blog.blogPost).toHaveLength(10);
    expect(blog.blogPost[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: DEMO_NEWEST_FIRST[0][1],
      url: `${PUBLIC_URL}/blog/${DEMO_NEWEST_FIRST[0][0]}`,
    });
    expect(ofType(read.ld, "BreadcrumbList")).toBeTruthy();
  });

  it("pages the list: /blog/page/2 and 3 with their own canonical, title and description; page 1 moves to /blog", async () => {
    const first = await get("/blog");
    const html1 = await first.text();
    expect(html1).toMatch(/<nav aria-label="Pagination"/);
    expect(html1).toMatch(
      /<a[^>]*aria-label="Page 1"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*aria-label="Page 1"/,
    );
    expect(html1).toContain('<link rel="next" href="https://clinic.example/blog/page/2"/>');

    const second = await page("/blog/page/2");
    expect(second.listed).toEqual(ARCHIVE.slice(1, 11).reverse());
    expect(second.canonical).toBe(`${PUBLIC_URL}/blog/page/2`);
    expect(second.title).toBe("Mental Health Blog – Page 2 | Cypress Lane Behavioral Health");
    expect(second.description).toMatch(/ Page 2 of 3\.$/);
    expect(second.h1s).toEqual(["Blog"]);
    const crumbs = ofType<{ itemListElement: { item: string }[] }>(second.ld, "BreadcrumbList")!;
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/blog`,
      `${PUBLIC_URL}/blog/page/2`,
    ]);
    const html2 = await (await get("/blog/page/2")).text();
    expect(html2).toMatch(/aria-current="page"[^>]*>2<|aria-label="Page 2"[^>]*aria-current="page"/);
    expect(html2).toContain('<link rel="prev" href="https://clinic.example/blog"/>');
    expect(html2).toMatch(/<a[^>]*href="\/blog"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/blog"/);

    const third = await page("/blog/page/3");
    expect(third.listed).toEqual([ARCHIVE[0]]);
    expect(third.description).not.toBe(second.description);

    const one = await get("/blog/page/1");
    expect(one.status).toBe(301);
    expect(new URL(one.headers.get("location")!, server.url).pathname).toBe("/blog");
    for (const path of ["/blog/page/4", "/blog/page/99", "/blog/page/abc", "/blog/page/02", "/blog/page/0"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("shows a post with its author, reviewer, dates, reading time, body blocks, note and more posts", async () => {
    const res = await get("/blog/sleep-and-mood");
    expect(res.status).toBe(200);
    const html = withoutTextSeams(await res.text());
    const read = readPage(html);
    expect(read.h1s).toEqual(["Sleep and Mood: How Rest Affects the Way You Feel"]);
    expect(read.title).toBe("Sleep and Mood: How Rest Affects You | Cypress Lane");
    expect(read.canonical).toBe(`${PUBLIC_URL}/blog/sleep-and-mood`);
    expect(read.feed).toBe(`${PUBLIC_URL}/blog/rss.xml`);
    expect(html).toMatch(/By <a[^>]*href="\/team\/hannah-lindqvist"[^>]*>Hannah Lindqvist, PsyD<\/a>/);
    expect(html).toMatch(/Medically reviewed by <a[^>]*href="\/team\/maya-ellison"[^>]*>Maya Ellison, MD<\/a>/);
    expect(html).toMatch(/Published <time dateTime="2026-07-07T12:00:00.000Z">July 7, 2026<\/time>/);
    expect(html).toMatch(/Updated <time dateTime="2026-09-15T12:00:00.000Z">September 15, 2026<\/time>/);
    expect(html).toMatch(/\d+ min read/);
    // The body's {{get-started}} block, the closing note with 988 and 911, three other posts.
    expect(html).toContain('aria-label="Get started"');
    expect(html).toContain("Not medical advice.");
    expect(html).toContain('href="tel:988"');
    expect(html).toContain('href="tel:911"');
    const more = html.slice(html.indexOf('id="more-posts-title"'));
    const moreLinks = [...more.matchAll(/<h3[^>]*><a[^>]*href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
    expect(moreLinks).toEqual([DEMO_NEWEST_FIRST[0][0], DEMO_NEWEST_FIRST[1][0], DEMO_NEWEST_FIRST[3][0]]);

    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2026-07-07T12:00:00.000Z"/>');
    expect(html).toContain('<meta property="article:modified_time" content="2026-09-15T12:00:00.000Z"/>');
    expect(html).toContain('<meta name="author" content="Hannah Lindqvist"/>');

    const posting = ofType(read.ld, "BlogPosting")!;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: "Sleep and Mood: How Rest Affects the Way You Feel",
      description: read.description,
      datePublished: "2026-07-07T12:00:00.000Z",
      dateModified: "2026-09-15T12:00:00.000Z",
      mainEntityOfPage: `${PUBLIC_URL}/blog/sleep-and-mood`,
      image: `${PUBLIC_URL}/og-default.png`,
      publisher: { "@id": `${PUBLIC_URL}/#clinic` },
      author: { "@type": "Person", name: "Hannah Lindqvist", url: `${PUBLIC_URL}/team/hannah-lindqvist` },
    });
    expect(posting.wordCount).toBeGreaterThan(300);
    expect(ofType(read.ld, "MedicalWebPage")).toMatchObject({
      "@context": "https://schema.org",
      "@id": `${PUBLIC_URL}/blog/sleep-and-mood`,
      reviewedBy: { "@type": "Person", name: "Maya Ellison", url: `${PUBLIC_URL}/team/maya-ellison` },
      lastReviewed: "2026-09-15",
    });
    const crumbs = ofType<{ "@context": string; itemListElement: { name: string }[] }>(read.ld, "BreadcrumbList")!;
    expect(crumbs["@context"]).toBe("https://schema.org");
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
      "Home",
      "Blog",
      "Sleep and Mood: How Rest Affects the Way You Feel",
    ]);
    expect(html).toMatch(/<nav aria-label="Breadcrumb"/);
  });

  it("shows no 'Updated' date when a post was never changed after its day", async () => {
    const html = await (await get("/blog/helping-a-teen-who-seems-anxious")).text();
    expect(html).toContain("Published <time");
    expect(html).not.toContain("Updated <time");
  });

  it("answers 404 for a draft, a scheduled post and an unknown post, and lists neither", async () => {
    for (const path of ["/blog/draft-notes", "/blog/coming-soon", "/blog/no-such-post"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const all = [
      ...(await page("/blog")).listed,
      ...(await page("/blog/page/2")).listed,
      ...(await page("/blog/page/3")).listed,
    ];
    expect(all).toHaveLength(21);
    expect(all).not.toContain("draft-notes");
    expect(all).not.toContain("coming-soon");
  });

  it("answers 410 Gone for a post taken down, or sends visitors where the staff chose, and lists neither", async () => {
    const gone = await fetch(`${server.url}/blog/taken-down`, { redirect: "manual" });
    expect(gone.status).toBe(410);
    const html = await gone.text();
    // The friendly not-found page, with a way on; nothing of the post.
    expect(html).toContain("<title>Page not found");
    expect(html).not.toContain("Archive post taken-down");
    const moved = await fetch(`${server.url}/blog/moved-on`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location")!, server.url).pathname).toBe("/blog/sleep-and-mood");
    const listed = [
      ...(await page("/blog")).listed,
      ...(await page("/blog/page/2")).listed,
      ...(await page("/blog/page/3")).listed,
    ];
    expect(listed).not.toContain("taken-down");
    expect(listed).not.toContain("moved-on");
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/blog/taken-down");
    expect(sitemap).not.toContain("/blog/moved-on");
  });

  it("gives every blog page one h1, a title within 60 characters, a 120–156 character description and a canonical", async () => {
    const listPages = ["/blog", "/blog/page/2", "/blog/page/3"];
    const posts = new Set<string>();
    for (const path of listPages) for (const slug of (await page(path)).listed) posts.add(`/blog/${slug}`);
    expect(posts.size).toBe(21);
    const problems: string[] = [];
    for (const path of [...listPages, ...posts]) {
      const read = await page(path);
      if (read.h1s.length !== 1) problems.push(`${path}: ${read.h1s.length} h1`);
      if (!read.title || read.title.length > 60) problems.push(`${path}: title "${read.title}"`);
      if (read.description.length < 120 || read.description.length > 156) {
        problems.push(`${path}: description of ${read.description.length}`);
      }
      if (read.canonical !== `${PUBLIC_URL}${path}`) problems.push(`${path}: canonical ${read.canonical}`);
    }
    expect(problems).toEqual([]);
  });

  it("serves /blog/rss.xml as RSS 2.0 of the 20 newest posts, and keeps it and /blog in the page cache", async () => {
    const res = await get("/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(20);
    expect(items[0]).toContain(`<link>${PUBLIC_URL}/blog/${DEMO_NEWEST_FIRST[0][0]}</link>`);
    expect(items[0]).toMatch(/<pubDate>Tue, 06 Oct 2026 12:00:00 GMT<\/pubDate>/);
    expect(items[0]).toContain("<dc:creator>Jordan Whitfield, PMHNP-BC</dc:creator>");
    expect(xml).toContain("<title>Stress &amp; sleep: &quot;small&quot; &lt;steps&gt; that help</title>");
    expect(xml).not.toContain("draft-notes");
    expect(xml).not.toContain("coming-soon");
    expect(xml).not.toContain(`/blog/${ARCHIVE[0]}<`);
    for (const [, link] of xml.matchAll(/<(?:link|guid[^>]*)>([^<]*)</g))
      expect(link).toMatch(/^https:\/\/clinic\.example\//);

    expect((await get("/blog/rss.xml")).headers.get("x-cache")).toBe("HIT");
    await get("/blog");
    expect((await get("/blog")).headers.get("x-cache")).toBe("HIT");
    expect((await get("/blog/sleep-and-mood")).headers.get("x-cache")).toBe("HIT");
  });

  describe("in the browser", () => {
    const browser = useBrowser();
    async function visit(path: string, viewport = DESKTOP) {
      const opened = await browser.open({ viewport });
      await opened.page.goto(`${server.url}${path}`);
      await hydrated(opened.page);
      return opened;
    }

    it("parses the feed as well-formed XML with the RSS 2.0 channel and items", async () => {
      const { page } = await visit("/blog");
      const feed = await page.evaluate(async () => {
        const text = await (await fetch("/blog/rss.xml")).text();
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const error = doc.querySelector("parsererror");
        const channel = doc.querySelector("rss > channel");
        const child = (el: Element | null | undefined, name: string) =>
          [...(el?.children ?? [])].find((c) => c.nodeName === name)?.textContent ?? null;
        return {
          error: error?.textContent ?? null,
          version: doc.documentElement.getAttribute("version"),
          title: child(channel, "title"),
          link: child(channel, "link"),
          description: child(channel, "description"),
          language: child(channel, "language"),
          lastBuildDate: child(channel, "lastBuildDate"),
          self: channel?.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]?.getAttribute("href"),
          items: [...doc.querySelectorAll("item")].map((item) => ({
            title: child(item, "title"),
            guid: child(item, "guid"),
            permalink: [...item.children].find((c) => c.nodeName === "guid")?.getAttribute("isPermaLink"),
            creator: item.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")[0]?.textContent,
          })),
        };
      });
      expect(feed.error).toBeNull();
      expect(feed).toMatchObject({
        version: "2.0",
        title: "Cypress Lane Behavioral Health Blog",
        link: `${PUBLIC_URL}/blog`,
        language: "en-us",
        lastBuildDate: "Tue, 10 Nov 2026 12:00:00 GMT",
        self: `${PUBLIC_URL}/blog/rss.xml`,
      });
      expect(feed.description!.length).toBeGreaterThan(50);
      expect(feed.items).toHaveLength(20);
      expect(feed.items[0]).toMatchObject({
        title: DEMO_NEWEST_FIRST[0][1],
        guid: `${PUBLIC_URL}/blog/${DEMO_NEWEST_FIRST[0][0]}`,
        permalink: "true",
        creator: "Jordan Whitfield, PMHNP-BC",
      });
      expect(feed.items.map((i) => i.title)).toContain(TRICKY_TITLE);
    });

    it("moves between pages of the list and between posts without a reload, showing the new content", async () => {
      const { page, errors } = await visit("/blog");
      const pagination = page.getByRole("navigation", { name: "Pagination" });
      await look(pagination.getByRole("link", { name: "Page 1" })).attribute("aria-current", "page");
      await pagination.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL(`${server.url}/blog/page/2`);
      const titles = page.getByRole("list", { name: "Articles" }).getByRole("heading", { level: 2 });
      await look(titles.first()).text(`Archive post ${ARCHIVE[10]}`);
      await look(pagination.getByRole("link", { name: "Page 2" })).attribute("aria-current", "page");
      await pagination.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL(`${server.url}/blog/page/3`);
      await look(titles).count(1);
      await expect.poll(() => page.title()).toBe("Mental Health Blog – Page 3 | Cypress Lane Behavioral Health");

      await page.goto(`${server.url}/blog/sleep-and-mood`);
      await hydrated(page);
      const more = page.getByRole("region", { name: "More articles" });
      await more.getByRole("link", { name: DEMO_NEWEST_FIRST[3][1] }).click();
      await page.waitForURL(`${server.url}/blog/${DEMO_NEWEST_FIRST[3][0]}`);
      await look(page.getByRole("heading", { level: 1 })).text(DEMO_NEWEST_FIRST[3][1]);
      await look(page.getByRole("heading", { name: "Signs you might notice" })).visible();
      await look(page.getByRole("heading", { name: "How sleep affects your mood" })).hidden();
      expect(errors).toEqual([]);
    });

    describe.each([
      ["375px", MOBILE],
      ["1280px", DESKTOP],
    ] as const)("accessibility at %s", (_label, viewport) => {
      it.each(["/blog", "/blog/page/2", "/blog/sleep-and-mood"])(
        "%s: no axe violations (WCAG 2.2 AA), targets of 24 px or more, visible focus",
        async (path) => {
          const { page, errors } = await visit(path, viewport);
          await page.waitForLoadState("networkidle");
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
            .analyze();
          expect(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          ).toEqual([]);
          // WCAG 2.5.8: a target is 24×24 px or more, unless it is a link inside a sentence.
          const small = await page.locator("main").evaluate((main) => {
            const found: string[] = [];
            let checked = 0;
            for (const el of main.querySelectorAll<HTMLElement>("a[href], button")) {
              const rect = el.getBoundingClientRect();
              if (!el.checkVisibility() || getComputedStyle(el).display === "inline") continue;
              checked++;
              if (rect.width < 24 || rect.height < 24)
                found.push(`${el.outerHTML.slice(0, 100)} ${rect.width}×${rect.height}`);
            }
            return { checked, found };
          });
          expect(small.checked).toBeGreaterThan(3);
          expect(small.found).toEqual([]);
          // Every link in the main content shows where focus is.
          const unfocusable = await page.locator("main").evaluate((main) => {
            const found: string[] = [];
            for (const el of main.querySelectorAll<HTMLElement>("a[href]")) {
              if (!el.checkVisibility()) continue;
              el.focus({ focusVisible: true } as FocusOptions);
              const style = getComputedStyle(el);
              if (style.outlineStyle === "none" || parseFloat(style.outlineWidth) < 2)
                found.push(el.outerHTML.slice(0, 80));
            }
            return found;
          });
          expect(unfocusable).toEqual([]);
          expect(errors).toEqual([]);
        },
      );
    });
  });
});
