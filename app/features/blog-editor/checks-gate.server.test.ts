import { and, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeOnEachDatabase } from "../../../tests/setup/database-suite";
import { addStaff } from "../../../tests/setup/staff";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import type { EditorActor } from "./editor-actor";
import { editorView, runEditorAction } from "./editor-page.server";
import { testPostForm } from "./test-post-form";
import { createPost, savePost } from "./posts-store.server";
import { movePost } from "./workflow.server";

const UNSAFE = [
  "## When a friend is struggling",
  "",
  "Some people commit suicide after months of quiet pain. Talking openly helps.",
  "",
  "See our [depression care](/depression) page.",
].join("\n");

const form = (over: Record<string, string> = {}) =>
  testPostForm({
    title: "Test: a friend in pain",
    excerpt: "How to notice and how to help.",
    body: UNSAFE,
    tags: "",
    ...over,
  });

const services = { pageCache: { contentChanged() {} } };

describeOnEachDatabase("the draft checks' gate on review", (database) => {
  let db: Db;
  let writer: EditorActor;
  let admin: EditorActor;
  let clinician: EditorActor;

  beforeAll(async () => {
    db = database().db;
    const [w, a, c] = await addStaff(database(), [
      { name: "Wren Writer", email: "wren.gate@example.test", roles: ["marketing"] },
      { name: "Ada Admin", email: "ada.gate@example.test", roles: ["admin"] },
      { name: "Cleo Clinician", email: "cleo.gate@example.test", roles: ["clinician"] },
    ]);
    const actor = (s: typeof w) => ({ id: s!.id, email: s!.email, ip: "127.0.0.1", roles: s!.roles });
    writer = actor(w);
    admin = actor(a);
    clinician = actor(c);
  });
  beforeEach(async () => {
    await db.delete(t.blogPosts).where(like(t.blogPosts.slug, "test-%"));
  });

  const statusOf = async (id: number) =>
    (await db.select({ status: t.blogPosts.status }).from(t.blogPosts).where(eq(t.blogPosts.id, id)))[0]!.status;

  it("refuses review while an error stands, lets a clinician override with a reason, and blocks a new error again", async () => {
    const made = await createPost(db, writer, form());
    if (!made.ok) throw new Error("not created");
    const id = made.id;

    // The editor shows the errors: "commit suicide" and no 988/911.
    const view = await editorView(db, id, writer.roles, "http://localhost", null);
    const errors = view!.checks.findings.filter((f) => f.severity === "error").map((f) => f.id);
    expect(errors).toEqual(expect.arrayContaining(["crisis-help", "commit-suicide"]));

    // Refused, with the reason under the body.
    const refused = await runEditorAction(db, services, writer, id, { intent: "send-to-review" });
    expect(refused).toMatchObject({
      kind: "answer",
      status: 400,
      answer: { ok: false, fields: { body: expect.stringMatching(/Change before review:.*commit suicide/i) } },
    });
    expect(await statusOf(id)).toBe("draft");

    // Only a clinician overrides, and only with a reason of substance naming the current errors.
    const ask = (actor: EditorActor, reason: string, findingIds = errors.join(",")) =>
      runEditorAction(db, services, actor, id, { intent: "override-checks", reason, findingIds });
    const reason = "Quoted from a family member's own words, kept with their consent; 988 is in the sidebar block.";
    expect(await ask(writer, reason)).toMatchObject({ status: 403 });
    expect(await ask(admin, reason)).toMatchObject({ status: 403 });
    expect(await ask(clinician, "ok")).toMatchObject({
      status: 400,
      answer: { fields: { reason: expect.any(String) } },
    });
    expect(await ask(clinician, reason, "promised-outcome")).toMatchObject({ status: 400 });
    expect(await ask(clinician, reason)).toMatchObject({ status: 200, answer: { ok: true } });

    const [stored] = await db.select().from(t.blogPosts).where(eq(t.blogPosts.id, id));
    expect(stored!.checkOverride).toMatchObject({ findingIds: errors, reason, by: clinician.id });
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "draft_checks_overridden"), eq(t.auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorId: clinician.id, detail: expect.objectContaining({ reason }) });
    const shown = await editorView(db, id, writer.roles, "http://localhost", null);
    expect(shown!.checks.override).toMatchObject({ reason, by: "Cleo Clinician" });

    // A new error written after the override blocks again; the overridden ones do not.
    const saved = await savePost(
      db,
      writer,
      id,
      stored!.version,
      form({ body: `${UNSAFE}\n\nIt is an epidemic, and every suicide victim had a story.` }),
      { kind: "save" },
    );
    expect(saved).toMatchObject({ ok: true });
    const again = await movePost(db, writer, id, { to: "in_review" });
    expect(again).toMatchObject({ ok: false, status: 400 });
    expect(again.ok ? "" : again.message).not.toMatch(/commit/i);
    expect(again.ok ? "" : again.message).toMatch(/epidemic|victim/i);

    // Back to the overridden text: it goes to review.
    const current = (await db.select().from(t.blogPosts).where(eq(t.blogPosts.id, id)))[0]!;
    await savePost(db, writer, id, current.version, form(), { kind: "save" });
    expect(await movePost(db, writer, id, { to: "in_review" })).toMatchObject({ ok: true, status: "in_review" });
  });

  it("sends a safe draft to review with no override", async () => {
    const made = await createPost(
      db,
      writer,
      form({
        title: "Test: a safe draft",
        body: "## When a friend is struggling\n\nIf someone may be thinking about suicide, call or text 988. In an emergency, call 911.",
      }),
    );
    if (!made.ok) throw new Error("not created");
    expect(await movePost(db, writer, made.id, { to: "in_review" })).toMatchObject({ ok: true, status: "in_review" });
  });
});
