import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/setup/database";
import type { Database, Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { readContentVersion } from "~/features/content/content-version.server";
import { isLive } from "~/features/content/live-posts.server";
import { loadTeamMember } from "~/features/pages/team-member.server";
import { loadBlogIndex, loadBlogPost } from "./blog.server";
import { blogPostMeta } from "./blog-meta";
import type { SiteContent } from "~/features/content/site-content";
import type { MetaRoot } from "~/features/seo/page-meta";
import { loadFeed } from "./rss.server";
import {
  countLivePosts,
  feedPosts,
  findLivePost,
  listLivePosts,
  POSTS_PER_PAGE,
  recentLivePosts,
  summaryQuery,
} from "./posts.server";
import { bumpWhenPostsFallDue } from "./schedule.server";

const HOUR = 3_600_000;
const DEMO_NEWEST_FIRST = [
  "how-to-talk-to-your-doctor-about-adhd-as-an-adult",
  "heat-hurricanes-and-holidays-seasonal-stress-in-central-florida",
  "sleep-and-mood",
  "helping-a-teen-who-seems-anxious",
  "telehealth-therapy-tips-for-a-private-comfortable-session",
  "what-to-expect-at-your-first-psychiatric-evaluation",
];

/** Posts made by a test (slugs start with "test-"), removed before each test. */
async function addPost(db: Db, slug: string, over: Partial<typeof t.blogPosts.$inferInsert> = {}) {
  await db.insert(t.blogPosts).values({
    slug: `test-${slug}`,
    title: `Test post ${slug}`,
    metaTitle: `Test post ${slug}`,
    metaDescription: `About ${slug}`,
    excerpt: `Excerpt of ${slug}.`,
    body: "## A heading\n\nSome words of the test post.",
    authorSlug: "maya-ellison",
    reviewerSlug: "jordan-whitfield",
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    ...over,
  });
}

describe.each(databaseKinds())("blog posts on %s", (kind) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  beforeEach(async () => {
    await db.delete(t.blogPosts).where(like(t.blogPosts.slug, "test-%"));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists the demo posts newest first, with author and reading time", async () => {
    const { posts, total, pageCount } = await listLivePosts(db);
    expect(posts.map((p) => p.slug)).toEqual(DEMO_NEWEST_FIRST);
    expect({ total, pageCount }).toEqual({ total: 6, pageCount: 1 });
    for (const post of posts) {
      expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
      expect(post.author?.name).toBeTruthy();
      expect(post.updatedAt >= post.publishedAt).toBe(true);
    }
    expect(posts[0]).toMatchObject({
      publishedAt: "2026-10-06T12:00:00.000Z",
      updatedAt: "2026-11-10T12:00:00.000Z",
      author: { slug: "jordan-whitfield", name: "Jordan Whitfield", credentials: "PMHNP-BC" },
    });
  });

  it("hides drafts and posts scheduled for later everywhere, and shows a scheduled post once its time comes", async () => {
    await addPost(db, "draft", { status: "draft", publishedAt: null });
    await addPost(db, "dated-draft", { status: "draft", publishedAt: new Date(Date.now() - 2 * HOUR) });
    await addPost(db, "scheduled", { publishedAt: new Date(Date.now() + 24 * HOUR) });
    await addPost(db, "fresh", { publishedAt: new Date(Date.now() - HOUR) });

    expect(await countLivePosts(db)).toBe(7);
    const { posts } = await listLivePosts(db);
    expect(posts.map((p) => p.slug)).toEqual(["test-fresh", ...DEMO_NEWEST_FIRST]);
    expect((await feedPosts(db)).map((p) => p.slug)).toEqual(["test-fresh", ...DEMO_NEWEST_FIRST]);
    expect((await recentLivePosts(db, { exceptSlug: "test-fresh" })).map((p) => p.slug)).toEqual(
      DEMO_NEWEST_FIRST.slice(0, 3),
    );
    for (const hidden of ["test-draft", "test-dated-draft", "test-scheduled", "no-such-post"]) {
      expect(await findLivePost(db, hidden)).toBeNull();
      expect(await loadBlogPost(db, hidden)).toBeNull();
    }
    expect(await findLivePost(db, "test-fresh")).not.toBeNull();
    // A clinician's page lists no post that is not live either.
    const member = await loadTeamMember(db, "maya-ellison");
    expect(member!.posts.map((p) => p.slug)).not.toContain("test-scheduled");
    expect(await loadFeed(db, "https://clinic.example")).not.toContain("test-scheduled");

    const tomorrow = new Date(Date.now() + 25 * HOUR);
    expect((await listLivePosts(db, { now: tomorrow })).posts[0]!.slug).toBe("test-scheduled");
    expect(await findLivePost(db, "test-scheduled", tomorrow)).not.toBeNull();
  });

  it("pages the list ten at a time, without gaps or repeats, ties broken by the newer row", async () => {
    const base = Date.now() - 30 * 24 * HOUR;
    for (let i = 0; i < 15; i++) await addPost(db, `p${i}`, { publishedAt: new Date(base + i * HOUR) });
    // Same time: the later insert (higher id) comes first.
    await addPost(db, "tie-a", { publishedAt: new Date(base + 20 * HOUR) });
    await addPost(db, "tie-b", { publishedAt: new Date(base + 20 * HOUR) });

    const first = await listLivePosts(db, { page: 1 });
    expect(first).toMatchObject({ total: 23, pageCount: 3 });
    expect(first.posts).toHaveLength(POSTS_PER_PAGE);
    const second = await listLivePosts(db, { page: 2 });
    const third = await listLivePosts(db, { page: 3 });
    expect(second.posts).toHaveLength(10);
    expect(third.posts).toHaveLength(3);
    const all = [...first.posts, ...second.posts, ...third.posts].map((p) => p.slug);
    expect(new Set(all).size).toBe(23);
    const made = Array.from({ length: 15 }, (_, i) => `test-p${14 - i}`);
    expect(all).toEqual(["test-tie-b", "test-tie-a", ...made, ...DEMO_NEWEST_FIRST]);
    const dates = [...first.posts, ...second.posts, ...third.posts].map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect((await listLivePosts(db, { page: 4 })).posts).toEqual([]);
    expect((await loadBlogIndex(db, 3))?.posts).toHaveLength(3);
    expect(await loadBlogIndex(db, 4)).toBeNull();
    expect(await loadBlogIndex(db, 999_999)).toBeNull();
  });

  it("reads the list and its count through blog_posts_published_idx, in the index's order (no sort needed)", async () => {
    const explain = (query: { getSQL(): ReturnType<typeof sql> }) =>
      db.transaction(async (tx) => {
        // Tiny tables make a sequential scan and a sort cheap: forbid them, so
        // the plan shows whether the index alone can answer.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows.map((row) => Object.values(row)[0]).join("\n");
      });
    const list = await explain(summaryQuery(db, isLive(), POSTS_PER_PAGE, POSTS_PER_PAGE));
    expect(list).toContain("blog_posts_published_idx");
    expect(list).not.toMatch(/\bSort\b/);
    const total = await explain(
      db
        .select({ n: sql`count(*)` })
        .from(t.blogPosts)
        .where(isLive()),
    );
    expect(total).toContain("blog_posts_published_idx");
  });

  it("gives the list its words from the 'blog' page, with built-in words when that page is unpublished", async () => {
    const view = await loadBlogIndex(db, 1);
    expect(view?.words).toMatchObject({
      title: "Blog",
      metaTitle: "Mental Health Blog | Cypress Lane Behavioral Health",
    });
    expect(view?.body?.segments[0]).toMatchObject({ kind: "html" });
    await db.update(t.pages).set({ published: false }).where(eq(t.pages.slug, "blog"));
    try {
      const fallback = await loadBlogIndex(db, 1);
      expect(fallback?.words.metaTitle).toBe("Mental Health Blog");
      expect(fallback?.body).toBeNull();
      expect(fallback?.posts).toHaveLength(6);
    } finally {
      await db.update(t.pages).set({ published: true }).where(eq(t.pages.slug, "blog"));
    }
  });

  it("loads a post with its author, reviewer, body blocks, word count and other recent posts", async () => {
    const view = await loadBlogPost(db, "sleep-and-mood");
    expect(view).not.toBeNull();
    expect(view!.post).toMatchObject({
      title: "Sleep and Mood: How Rest Affects the Way You Feel",
      metaTitle: "Sleep and Mood: How Rest Affects You | Cypress Lane",
      author: { slug: "hannah-lindqvist" },
      reviewer: { slug: "maya-ellison", name: "Maya Ellison", credentials: "MD" },
    });
    expect(view!.post).not.toHaveProperty("body");
    expect(view!.wordCount).toBeGreaterThan(300);
    expect(view!.body.segments.length).toBeGreaterThan(0);
    expect(view!.more.map((p) => p.slug)).toEqual([DEMO_NEWEST_FIRST[0], DEMO_NEWEST_FIRST[1], DEMO_NEWEST_FIRST[3]]);
    expect(view!.blogTitle).toBe("Blog");
  });

  it("shows a post whose author has left without a byline, not an error", async () => {
    await addPost(db, "no-author", { authorSlug: null, reviewerSlug: null });
    const post = await findLivePost(db, "test-no-author");
    expect(post).toMatchObject({ author: null, reviewer: null });
  });

  it("names the canonical set in the editor, absolute, in the post's <link rel=canonical> and og:url", async () => {
    await addPost(db, "elsewhere", { canonical: "/blog/sleep-and-mood" });
    await addPost(db, "own-address");
    const root = {
      publicUrl: "https://clinic.example",
      site: { clinicName: "Cypress Lane" } as SiteContent,
      pageSettings: null,
    } as MetaRoot;
    const canonicalOf = async (slug: string) => {
      const view = await loadBlogPost(db, slug, root.publicUrl);
      const tags = blogPostMeta(view!, root, `/blog/${slug}`);
      return [
        tags.find((tag) => "rel" in tag && tag.rel === "canonical"),
        tags.find((tag) => "property" in tag && tag.property === "og:url"),
      ].map((tag) => (tag as { href?: string; content?: string }).href ?? (tag as { content?: string }).content);
    };
    expect(await canonicalOf("test-elsewhere")).toEqual([
      "https://clinic.example/blog/sleep-and-mood",
      "https://clinic.example/blog/sleep-and-mood",
    ]);
    expect(await canonicalOf("test-own-address")).toEqual([
      "https://clinic.example/blog/test-own-address",
      "https://clinic.example/blog/test-own-address",
    ]);
  });

  it("bumps the content version once when a scheduled post falls due, so cached lists show it", async () => {
    await bumpWhenPostsFallDue(db);
    await addPost(db, "later", { publishedAt: new Date(Date.now() + HOUR) });
    const version = Number(await readContentVersion(db));
    expect(await bumpWhenPostsFallDue(db)).toBe(false);
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await bumpWhenPostsFallDue(db, later)).toBe(true);
    expect(await bumpWhenPostsFallDue(db, later)).toBe(false);
    expect(Number(await readContentVersion(db))).toBe(version + 1);
    // The post going away again moves the marker back without a bump (the edit bumps it).
    await db.delete(t.blogPosts).where(eq(t.blogPosts.slug, "test-later"));
    expect(await bumpWhenPostsFallDue(db, later)).toBe(false);
    await addPost(db, "later2", { publishedAt: new Date(Date.now() + HOUR) });
    expect(await bumpWhenPostsFallDue(db, later)).toBe(true);
    expect(Number(await readContentVersion(db))).toBe(version + 2);
  });
});
