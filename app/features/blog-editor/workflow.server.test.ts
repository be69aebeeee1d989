import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clonePostgresTemplate, databaseKinds } from "../../../tests/setup/database";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import { addStaff } from "../../../tests/setup/staff";
import { openDatabase, type Database, type Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { readContentVersion } from "~/features/content/content-version.server";
import { findLivePost, findUnpublishedPost } from "~/features/blog/posts.server";
import { bumpWhenPostsFallDue } from "~/features/blog/schedule.server";
import type { EditorActor } from "./editor-actor";
import { testPostForm } from "./test-post-form";
import { createPost, savePost } from "./posts-store.server";
import { movePost } from "./workflow.server";
import { runEditorAction } from "./editor-page.server";
import { compareRevision, listRevisions } from "./revisions.server";

const HOUR = 3_600_000;

const form = testPostForm;

describeOnEachDatabase("the blog post workflow", (database) => {
  let db: Db;
  let writer: EditorActor;
  let clinician: EditorActor;

  beforeAll(async () => {
    db = database().db;
    const [w, c] = await addStaff(database(), [
      { name: "Wren Writer", email: "wren@example.test", roles: ["marketing"] },
      { name: "Cleo Clinician", email: "cleo@example.test", roles: ["clinician"] },
    ]);
    writer = { id: w!.id, email: w!.email, ip: "127.0.0.1", roles: w!.roles };
    clinician = { id: c!.id, email: c!.email, ip: "127.0.0.1", roles: c!.roles };
  });
  beforeEach(async () => {
    await db.delete(t.blogPosts).where(like(t.blogPosts.slug, "test-%"));
  });

  async function post(id: number) {
    const [row] = await db.select().from(t.blogPosts).where(eq(t.blogPosts.id, id));
    return row!;
  }
  async function actions(id: number) {
    const rows = await db
      .select({ action: t.auditLog.action, detail: t.auditLog.detail })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetType, "blog_post"), eq(t.auditLog.targetId, String(id))))
      .orderBy(t.auditLog.id);
    return rows;
  }

  it("takes a draft through review, a clinician's approval and publication, audited at every step", async () => {
    const made = await createPost(db, writer, form());
    if (!made.ok) throw new Error("not created");
    expect(made.slug).toBe("test-sleep-and-worry");
    const id = made.id;

    // Only a clinician approves, and only what is in review.
    expect(await movePost(db, clinician, id, { to: "approved" })).toMatchObject({ ok: false, status: 409 });
    expect(await movePost(db, writer, id, { to: "in_review" })).toMatchObject({ ok: true, status: "in_review" });
    expect(await movePost(db, writer, id, { to: "approved" })).toMatchObject({ ok: false, status: 403 });
    expect(await movePost(db, writer, id, { to: "published" })).toMatchObject({ ok: false, status: 409 });
    expect(await movePost(db, clinician, id, { to: "approved" })).toMatchObject({ ok: true, status: "approved" });
    const approved = await post(id);
    expect(approved.approvedById).toBe(clinician.id);
    expect(approved.approvedAt).toBeInstanceOf(Date);

    const version = Number(await readContentVersion(db));
    expect(await findLivePost(db, made.slug)).toBeNull();
    expect(await movePost(db, writer, id, { to: "published" })).toMatchObject({ ok: true, status: "published" });
    expect(Number(await readContentVersion(db))).toBe(version + 1);
    const live = await findLivePost(db, made.slug);
    expect(live?.reviewer?.slug).toBe("jordan-whitfield");

    expect(
      (await actions(id)).map((row) => [row.action, (row.detail as { after?: { status?: string } }).after?.status]),
    ).toEqual([
      ["blog_post_created", "draft"],
      ["blog_post_status_changed", "in_review"],
      ["blog_post_status_changed", "approved"],
      ["blog_post_status_changed", "published"],
    ]);
  });

  it("will not send to review without a clinical reviewer named", async () => {
    const made = await createPost(db, writer, form({ title: "Test: no reviewer", reviewerSlug: "" }));
    if (!made.ok) throw new Error("not created");
    expect(await movePost(db, writer, made.id, { to: "in_review" })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/clinician who reviews/),
    });
  });

  it("refuses a save from a stale tab (409) and keeps the newer text", async () => {
    const made = await createPost(db, writer, form({ title: "Test: two tabs" }));
    if (!made.ok) throw new Error("not created");
    const first = await savePost(db, writer, made.id, 1, form({ title: "Test: two tabs", body: "Tab one." }), {
      kind: "autosave",
      session: "tab-one",
    });
    expect(first).toMatchObject({ ok: true, version: 2 });
    const second = await savePost(db, writer, made.id, 1, form({ title: "Test: two tabs", body: "Tab two." }), {
      kind: "autosave",
      session: "tab-two",
    });
    expect(second).toMatchObject({ ok: false, status: 409, currentVersion: 2 });
    expect((await post(made.id)).body).toBe("Tab one.");

    // Autosaves of one session keep one revision with the latest text; an explicit save makes another.
    await savePost(db, writer, made.id, 2, form({ title: "Test: two tabs", body: "Tab one, more." }), {
      kind: "autosave",
      session: "tab-one",
    });
    await savePost(db, writer, made.id, 3, form({ title: "Test: two tabs", body: "Tab one, saved." }), {
      kind: "save",
    });
    const revisions = await db
      .select({ kind: t.blogPostRevisions.kind, body: t.blogPostRevisions.body })
      .from(t.blogPostRevisions)
      .where(eq(t.blogPostRevisions.postId, made.id))
      .orderBy(t.blogPostRevisions.id);
    expect(revisions).toEqual([
      { kind: "save", body: form().body },
      { kind: "autosave", body: "Tab one, more." },
      { kind: "save", body: "Tab one, saved." },
    ]);
    // The autosave session was audited once, the explicit save once.
    expect((await actions(made.id)).map((row) => row.action)).toEqual([
      "blog_post_created",
      "blog_post_saved",
      "blog_post_saved",
    ]);
  });

  it("takes an approved post back to draft when its words change, clearing the approval", async () => {
    const made = await createPost(db, writer, form({ title: "Test: changed after approval" }));
    if (!made.ok) throw new Error("not created");
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    const saved = await savePost(
      db,
      writer,
      made.id,
      3,
      form({ title: "Test: changed after approval", body: "New words." }),
      {
        kind: "save",
      },
    );
    expect(saved).toMatchObject({ ok: true, status: "draft", backToDraft: true });
    const row = await post(made.id);
    expect(row.approvedById).toBeNull();
    expect(row.approvedAt).toBeNull();
    // Only the meta changing keeps the approval.
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    const meta = await savePost(
      db,
      writer,
      made.id,
      (await post(made.id)).version,
      form({ title: "Test: changed after approval", body: "New words.", metaTitle: "A search title" }),
      { kind: "save" },
    );
    expect(meta).toMatchObject({ ok: true, status: "approved", backToDraft: false });
  });

  it("lets only a clinician change a live post's words; a new slug leaves a 301 from the old address", async () => {
    const made = await createPost(db, writer, form({ title: "Test: live words" }));
    if (!made.ok) throw new Error("not created");
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    await movePost(db, writer, made.id, { to: "published" });
    const v = (await post(made.id)).version;
    expect(
      await savePost(db, writer, made.id, v, form({ title: "Test: live words", body: "Unreviewed words." }), {
        kind: "save",
      }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      await savePost(db, clinician, made.id, v, form({ title: "Test: live words", body: "Reviewed words." }), {
        kind: "save",
      }),
    ).toMatchObject({ ok: true, status: "published" });
    expect((await post(made.id)).approvedById).toBe(clinician.id);

    const renamed = await savePost(
      db,
      writer,
      made.id,
      v + 1,
      form({ title: "Test: live words", body: "Reviewed words.", slug: "test-live-words-renamed" }),
      { kind: "save" },
    );
    expect(renamed).toMatchObject({ ok: true, slug: "test-live-words-renamed" });
    const [redirect] = await db
      .select()
      .from(t.seoRedirects)
      .where(eq(t.seoRedirects.fromPath, "/blog/test-live-words"));
    expect(redirect).toMatchObject({ toTarget: "/blog/test-live-words-renamed", status: 301 });
  });

  it("unpublishes to 410 or to a redirect, keeping the post", async () => {
    const made = await createPost(db, writer, form({ title: "Test: taken down" }));
    if (!made.ok) throw new Error("not created");
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    await movePost(db, writer, made.id, { to: "published" });
    expect(await findUnpublishedPost(db, made.slug)).toBeNull();
    expect(await movePost(db, writer, made.id, { to: "unpublished", redirectTo: "javascript:alert(1)" })).toMatchObject(
      {
        ok: false,
        status: 400,
      },
    );
    expect(await movePost(db, writer, made.id, { to: "unpublished" })).toMatchObject({ ok: true });
    expect(await findUnpublishedPost(db, made.slug)).toEqual({ redirectTo: null });
    expect(await findLivePost(db, made.slug)).toBeNull();
    // Still approved: it can go back up, this time leaving a redirect when taken down.
    expect(await movePost(db, writer, made.id, { to: "published" })).toMatchObject({ ok: true });
    expect(await movePost(db, writer, made.id, { to: "unpublished", redirectTo: "/blog" })).toMatchObject({ ok: true });
    expect(await findUnpublishedPost(db, made.slug)).toEqual({ redirectTo: "/blog" });
    expect((await post(made.id)).title).toBe("Test: taken down");
  });

  it("schedules: the post appears at its time by the clock, and the version is bumped once", async () => {
    const made = await createPost(db, writer, form({ title: "Test: scheduled" }));
    if (!made.ok) throw new Error("not created");
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    await bumpWhenPostsFallDue(db);
    const at = new Date(Date.now() + HOUR);
    const scheduled = await movePost(db, writer, made.id, { to: "published", at });
    expect(scheduled).toMatchObject({ ok: true, contentVersion: null, message: expect.stringMatching(/Scheduled/) });
    expect(await findLivePost(db, made.slug)).toBeNull();
    const version = Number(await readContentVersion(db));
    const later = new Date(at.getTime() + 60_000);
    expect(await findLivePost(db, made.slug, later)).not.toBeNull();
    const bumps = await Promise.all([bumpWhenPostsFallDue(db, later), bumpWhenPostsFallDue(db, later)]);
    expect(bumps.filter(Boolean)).toHaveLength(1);
    expect(Number(await readContentVersion(db))).toBe(version + 1);
  });

  it("compares a revision with the current words and restores it as a new revision, audited", async () => {
    const made = await createPost(db, writer, form({ title: "Test: restore", body: "First words here." }));
    if (!made.ok) throw new Error("not created");
    await savePost(db, writer, made.id, 1, form({ title: "Test: restore", body: "Second words here." }), {
      kind: "save",
    });
    const [first] = await db
      .select({ id: t.blogPostRevisions.id })
      .from(t.blogPostRevisions)
      .where(eq(t.blogPostRevisions.postId, made.id))
      .orderBy(t.blogPostRevisions.id)
      .limit(1);
    const rows = await listRevisions(db, made.id);
    const compare = await compareRevision(db, await post(made.id), first!.id, rows);
    expect(compare?.body).toEqual([
      { kind: "removed", text: "First" },
      { kind: "added", text: "Second" },
      { kind: "same", text: " words here." },
    ]);
    const services = { pageCache: { contentChanged() {} } };
    // A stale version is refused; the current one restores.
    const stale = await runEditorAction(db, services, writer, made.id, {
      intent: "restore",
      revision: String(first!.id),
      version: "1",
    });
    expect(stale).toMatchObject({ kind: "answer", status: 409, answer: { conflict: true } });
    const restored = await runEditorAction(db, services, writer, made.id, {
      intent: "restore",
      revision: String(first!.id),
      version: "2",
    });
    expect(restored).toMatchObject({ kind: "answer", status: 200, answer: { ok: true } });
    expect((await post(made.id)).body).toBe("First words here.");
    expect((await listRevisions(db, made.id)).map((r) => r.kind)).toEqual(["restore", "save", "save"]);
    expect((await actions(made.id)).map((row) => row.action).at(-1)).toBe("blog_post_restored");
  });

  it("takes a scheduled post off the schedule, still approved", async () => {
    const made = await createPost(db, writer, form({ title: "Test: unscheduled" }));
    if (!made.ok) throw new Error("not created");
    await movePost(db, writer, made.id, { to: "in_review" });
    await movePost(db, clinician, made.id, { to: "approved" });
    await movePost(db, writer, made.id, { to: "published", at: new Date(Date.now() + HOUR) });
    expect(await movePost(db, writer, made.id, { to: "unscheduled" })).toMatchObject({ ok: true, status: "approved" });
    expect((await post(made.id)).publishedAt).toBeNull();
  });
});

// Two instances of the site on one PostgreSQL: each has its own pool and runs the minute's check at the
// same moment; the post that fell due bumps the content version once between them.
describe.runIf(databaseKinds().includes("postgres"))("a scheduled post falling due with two instances", () => {
  let url: string;
  const open: Database[] = [];
  beforeAll(async () => {
    url = await clonePostgresTemplate();
  });
  afterAll(async () => {
    await Promise.all(open.map((d) => d.close()));
  });

  it("bumps the content version exactly once", async () => {
    const [one, two] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
    open.push(one, two);
    const at = new Date(Date.now() + HOUR);
    await bumpWhenPostsFallDue(one.db);
    await one.db.insert(t.blogPosts).values({
      slug: "test-two-instances",
      title: "Test: two instances",
      metaTitle: "",
      metaDescription: "",
      excerpt: "",
      body: "Words.",
      status: "published",
      publishedAt: at,
      approvedAt: new Date(),
    });
    const version = Number(await readContentVersion(one.db));
    const later = new Date(at.getTime() + 1000);
    for (let round = 0; round < 3; round++) {
      const bumps = await Promise.all([bumpWhenPostsFallDue(one.db, later), bumpWhenPostsFallDue(two.db, later)]);
      expect(bumps.filter(Boolean)).toHaveLength(round === 0 ? 1 : 0);
    }
    expect(Number(await readContentVersion(two.db))).toBe(version + 1);
  });
});
