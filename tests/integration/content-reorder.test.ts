import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { runContentAction } from "~/features/content-editing/content-page.server";
import { runMoveAction } from "~/features/content-editing/reorder-action.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { addStaff } from "../setup/staff";

const MARKETING = { name: "Mona Order", email: "mona.order@clinic.example", roles: ["marketing"] as const };

/**
 * The reordering kit: a move is published at once (the home page's FAQ
 * changes order past the page cache), audited with the order before and
 * after, said as the new position, and undone from its entry; odd posts are
 * refused. On each database.
 */
describe.each(databaseKinds())("moving a row of a content list on %s", (kind) => {
  let app: ApiApp;
  let actor: { id: string; email: string; ip: string };
  beforeAll(async () => {
    app = await startApiApp(kind, { PAGE_CACHE_ENTRIES: "200" });
    const [mona] = await addStaff(app.database, [MARKETING]);
    actor = { id: mona!.id, email: mona!.email, ip: "127.0.0.1" };
  });
  afterAll(async () => {
    await app?.stop();
  });

  const db = () => app.database.db;
  const move = (values: Record<string, string>) =>
    runMoveAction(db(), app.services, actor, { intent: "move", ...values });
  const faq = () => db().select().from(t.faqItems).orderBy(asc(t.faqItems.sortOrder), asc(t.faqItems.id));
  const home = async () => (await fetch(`${app.url}/`)).text();
  /** The questions in the order the home page shows them. */
  const questionOrder = (html: string, questions: string[]) => {
    const at = (q: string) => html.indexOf(escapeHtml(q));
    expect(questions.filter((q) => at(q) < 0)).toEqual([]);
    return [...questions].sort((a, b) => at(a) - at(b));
  };

  it("moves a question down, publishes it past the page cache, audits it and undoes it", async () => {
    const before = await faq();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const questions = before.map((q) => q.question);
    await home();
    expect(questionOrder(await home(), questions)).toEqual(questions);

    const first = before[0]!;
    const moved = await move({ list: "faq", id: String(first.id), to: "down" });
    expect(moved?.status).toBe(200);
    expect(moved?.answer.message).toBe(`Moved and published: “${first.question}” is now 2 of ${before.length}.`);
    const after = (await faq()).map((q) => q.id);
    expect(after).toEqual([before[1]!.id, first.id, ...before.slice(2).map((q) => q.id)]);
    expect(questionOrder(await home(), questions)).toEqual([questions[1], questions[0], ...questions.slice(2)]);

    const [entry] = await db().select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "content_reordered",
      targetType: "faq",
      targetId: String(first.id),
      actorId: actor.id,
    });
    expect(entry!.detail).toMatchObject({
      name: "The FAQ",
      label: first.question,
      position: { before: 1, after: 2 },
      before: { order: before.map((q) => q.id) },
      after: { order: after },
    });

    // To a position, then the undo of the first move: the list is back as it was before that move.
    const last = await move({ list: "faq", id: String(before[2]!.id), to: "1" });
    expect(last?.answer.message).toBe(`Moved and published: “${before[2]!.question}” is now 1 of ${before.length}.`);
    const undone = await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(entry!.id) });
    expect(undone.status).toBe(200);
    expect(undone.answer.message).toMatch(/^Undone: the FAQ \(order\)/);
    expect((await faq()).map((q) => q.id)).toEqual(before.map((q) => q.id));
    expect(questionOrder(await home(), questions)).toEqual(questions);
    const [undoEntry] = await db().select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(1);
    expect(undoEntry).toMatchObject({ action: "content_reordered", detail: { revertOf: entry!.id } });
  });

  it("says so and writes nothing when the row is already at that end", async () => {
    const [top] = await faq();
    const entries = await db().select().from(t.auditLog);
    const still = await move({ list: "faq", id: String(top!.id), to: "up" });
    expect(still?.status).toBe(200);
    expect(still?.answer.message).toMatch(/^Not moved: “.+” is now 1 of \d+\.$/);
    expect(await db().select().from(t.auditLog)).toHaveLength(entries.length);
  });

  it("refuses a list it does not know, a row that is gone and a position that is not one", async () => {
    const [top] = await faq();
    expect((await move({ list: "users", id: "1", to: "up" }))?.status).toBe(400);
    expect((await move({ list: "faq", id: String(top!.id), to: "sideways" }))?.status).toBe(400);
    expect((await move({ list: "faq", id: "abc", to: "up" }))?.status).toBe(400);
    expect((await move({ list: "faq", id: "999999", to: "up" }))?.status).toBe(404);
    expect(await runMoveAction(db(), app.services, actor, { intent: "clinic" })).toBeNull();
    const [still] = await db().select().from(t.faqItems).where(eq(t.faqItems.id, top!.id));
    expect(still!.sortOrder).toBe(top!.sortOrder);
  });
});

function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}
