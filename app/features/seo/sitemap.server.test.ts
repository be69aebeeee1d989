import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import * as t from "~/db/schema";
import { listSitemapEntries, renderSitemap } from "./sitemap.server";

describeOnEachDatabase("sitemap entries", (getDatabase) => {
  it("lists every public page of the seeded content once, with its last change", async () => {
    const { db } = getDatabase();
    const entries = await listSitemapEntries(db);
    const paths = entries.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);

    const [site] = await db.select().from(t.siteContent);
    expect(entries[0]).toEqual({ path: "/", lastmod: site.updatedAt });

    const pages = await db.select().from(t.pages).where(eq(t.pages.published, true));
    const treatments = await db.select().from(t.treatments);
    const providers = await db.select().from(t.insuranceProviders);
    const team = await db.select().from(t.teamMembers);
    const offices = await db.select().from(t.locations);
    const posts = await db.select().from(t.blogPosts).where(eq(t.blogPosts.status, "published"));
    const expected = [
      "/",
      ...pages.map((p) => `/${p.slug}`),
      ...treatments.map((r) => `/${r.slug}`),
      ...providers.map((r) => `/${r.slug}`),
      "/request-appointment",
      "/get-started",
      ...team.map((m) => `/team/${m.slug}`),
      ...offices.map((o) => `/locations/${o.slug}`),
      ...posts.map((p) => `/blog/${p.slug}`),
    ];
    expect([...paths].sort()).toEqual([...new Set(expected)].sort());
    // The list pages are served at the same path as their page row: /team, /locations, /blog.
    expect(paths).toEqual(expect.arrayContaining(["/team", "/locations", "/blog", "/insurance", "/services"]));

    const post = posts[0];
    expect(entries.find((e) => e.path === `/blog/${post.slug}`)?.lastmod).toEqual(post.updatedAt);
    const member = team[0];
    expect(entries.find((e) => e.path === `/team/${member.slug}`)?.lastmod).toEqual(member.updatedAt);
    expect(entries.find((e) => e.path === "/request-appointment")?.lastmod).toBeUndefined();
  });

  it("orders clinicians and offices as the site does, and posts newest first", async () => {
    const entries = await listSitemapEntries(getDatabase().db);
    const team = await getDatabase().db.select().from(t.teamMembers).orderBy(t.teamMembers.sortOrder);
    const teamPaths = entries.filter((e) => e.path.startsWith("/team/")).map((e) => e.path);
    expect(teamPaths).toEqual(team.map((m) => `/team/${m.slug}`));
    const posts = await getDatabase().db.select().from(t.blogPosts);
    const newest = posts.reduce((a, b) => (a.publishedAt! > b.publishedAt! ? a : b));
    expect(entries.find((e) => e.path.startsWith("/blog/"))?.path).toBe(`/blog/${newest.slug}`);
  });

  it("leaves out drafts, unpublished pages and posts dated in the future", async () => {
    const { db } = getDatabase();
    const [page] = await db.select().from(t.pages).limit(1);
    await db.update(t.pages).set({ published: false }).where(eq(t.pages.id, page.id));
    await db.insert(t.blogPosts).values([
      { slug: "a-draft", title: "D", metaTitle: "D", metaDescription: "D", excerpt: "D", body: "D" },
      {
        slug: "next-month",
        title: "N",
        metaTitle: "N",
        metaDescription: "N",
        excerpt: "N",
        body: "N",
        status: "published",
        publishedAt: new Date(Date.now() + 30 * 86_400_000),
      },
    ]);
    const paths = (await listSitemapEntries(db)).map((e) => e.path);
    expect(paths).not.toContain(`/${page.slug}`);
    expect(paths).not.toContain("/blog/a-draft");
    expect(paths).not.toContain("/blog/next-month");
  });

  it("leaves out pages whose settings keep them out of search or name another address as canonical", async () => {
    const { db } = getDatabase();
    await db.insert(t.seoPageSettings).values([
      { path: "/adhd", noindex: true },
      { path: "/ocd", canonical: "/anxiety-therapy" },
      { path: "/depression", canonical: "https://elsewhere.example/depression" },
      // A canonical naming the page itself, and settings that say nothing about indexing, change nothing.
      { path: "/insurance", canonical: "/insurance" },
      { path: "/services", title: "Our services in Winter Park | Cypress Lane" },
    ]);
    try {
      const paths = (await listSitemapEntries(db)).map((e) => e.path);
      expect(paths).not.toContain("/adhd");
      expect(paths).not.toContain("/ocd");
      expect(paths).not.toContain("/depression");
      expect(paths).toEqual(expect.arrayContaining(["/insurance", "/services", "/anxiety-therapy"]));
    } finally {
      await db.delete(t.seoPageSettings);
    }
  });
});

describe("sitemap XML", () => {
  it("gives absolute, escaped URLs under the public URL, with lastmod when known", () => {
    const xml = renderSitemap("https://clinic.example/", [
      { path: "/", lastmod: new Date("2026-11-01T10:20:30.456Z") },
      { path: "/blog/tom-&-jerry's" },
      { path: "/café" },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<url><loc>https://clinic.example/</loc><lastmod>2026-11-01T10:20:30Z</lastmod></url>",
        "<url><loc>https://clinic.example/blog/tom-&amp;-jerry&apos;s</loc></url>",
        "<url><loc>https://clinic.example/caf%C3%A9</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});
