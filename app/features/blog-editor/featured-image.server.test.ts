import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import { addStaff } from "../../../tests/setup/staff";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { loadBlogIndex, loadBlogPost } from "~/features/blog/blog.server";
import { blogPostMeta } from "~/features/blog/blog-meta";
import type { SiteContent } from "~/features/content/site-content";
import { readImage } from "~/features/images/read-image.server";
import { saveImage } from "~/features/images/image-store.server";
import type { MetaRoot } from "~/features/seo/page-meta";
import type { EditorActor } from "./editor-actor";
import { testPostForm } from "./test-post-form";
import { createPost, savePost } from "./posts-store.server";

const form = (over: Record<string, string> = {}) =>
  testPostForm({
    title: "Test: a walk at dusk",
    excerpt: "Why a short walk helps.",
    body: "## Why it helps\n\nMoving a little can ease worry.",
    tags: "",
    ...over,
  });

describeOnEachDatabase("a blog post's featured image", (database) => {
  let db: Db;
  let writer: EditorActor;
  let imageId: number;

  beforeAll(async () => {
    db = database().db;
    const [w] = await addStaff(database(), [
      { name: "Wren Writer", email: "wren.image@example.test", roles: ["marketing"] },
    ]);
    writer = { id: w!.id, email: w!.email, ip: "127.0.0.1", roles: w!.roles };
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#4a7c74" } })
      .jpeg()
      .toBuffer();
    const read = await readImage(bytes);
    if (!read.ok) throw new Error(read.problem.message);
    imageId = (
      await saveImage(db, writer, { alt: "A path by a lake at dusk", sourceBytes: bytes.length, read: read.image })
    ).id;
  });
  beforeEach(async () => {
    await db.delete(t.blogPosts).where(like(t.blogPosts.slug, "test-%"));
  });

  it("is stored with the post, refused when unknown, and drawn on the post, its card and og:image", async () => {
    const made = await createPost(db, writer, form({ featuredImageId: String(imageId) }));
    if (!made.ok) throw new Error("not created");
    const [row] = await db.select().from(t.blogPosts).where(eq(t.blogPosts.id, made.id));
    expect(row!.featuredImageId).toBe(imageId);

    const unknown = await savePost(db, writer, made.id, row!.version, form({ featuredImageId: "999999" }), {
      kind: "save",
    });
    expect(unknown).toMatchObject({ ok: false, status: 400, fields: { featuredImageId: expect.any(String) } });

    await db
      .update(t.blogPosts)
      .set({ status: "published", publishedAt: new Date(Date.now() - 60_000), approvedAt: new Date() })
      .where(eq(t.blogPosts.id, made.id));
    const publicUrl = "https://clinic.example";
    const view = await loadBlogPost(db, made.slug, publicUrl);
    const html = view!.featuredImage!.html;
    expect(html).toMatch(/^<picture><source type="image\/avif"/);
    expect(html).toContain('alt="A path by a lake at dusk"');
    expect(html).toContain('width="1600" height="900"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');

    const root = { publicUrl, site: { clinicName: "Cypress Lane" } as SiteContent, pageSettings: null } as MetaRoot;
    const og = blogPostMeta(view!, root, `/blog/${made.slug}`).find(
      (tag) => "property" in tag && tag.property === "og:image",
    );
    expect((og as { content: string }).content).toMatch(/^https:\/\/clinic\.example\/media\/[0-9a-f]{64}\.jpg$/);

    const list = await loadBlogIndex(db, 1);
    const card = list!.posts.find((p) => p.slug === made.slug);
    expect(card?.imageHtml).toContain('alt="A path by a lake at dusk"');
    // Only the first card is loaded at once; the others wait until they scroll near.
    expect(list!.posts.filter((p) => p.imageHtml?.includes('loading="eager"')).length).toBeLessThanOrEqual(1);

    // Deleting the image leaves the post without one, not broken.
    await db.delete(t.images).where(eq(t.images.id, imageId));
    expect((await loadBlogPost(db, made.slug, publicUrl))!.featuredImage).toBeNull();
  });
});
