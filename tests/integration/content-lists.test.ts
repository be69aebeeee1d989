import { desc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { runContentAction } from "~/features/content-editing/content-page.server";
import { itemPageData, runListAction } from "~/features/content-editing/content-lists-page.server";
import type { ContentListKey } from "~/features/content-editing/content-lists";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { addStaff, signInCookie } from "../setup/staff";

const MARKETING = { name: "Lena Lists", email: "lena.lists@clinic.example", roles: ["marketing"] as const };
const INTAKE = { name: "Ike Intake", email: "ike.lists@clinic.example", roles: ["intake"] as const };
const ITEM_ACTIONS = ["content_item_added", "content_item_changed", "content_item_deleted"];

/**
 * The content lists' one editor (FAQ, testimonials, insurers, conditions):
 * fields refused with messages that name them (nothing saved), an item added
 * and changed and shown to visitors at once, audited with before and after
 * and undone, and a delete refused while other content links to the item.
 * On each database.
 */
describe.each(databaseKinds())("editing the content lists on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let actor: { id: string; email: string; ip: string };
  beforeAll(async () => {
    app = await startApiApp(kind, { PAGE_CACHE_ENTRIES: "200" });
    const [lena] = await addStaff(app.database, [MARKETING, INTAKE]);
    actor = { id: lena!.id, email: lena!.email, ip: "127.0.0.1" };
    cookie = await signInCookie(app.url, MARKETING.email);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const db = () => app.database.db;
  const act = (key: ContentListKey, id: number | null, values: Record<string, string>) =>
    runListAction(db(), app.services, actor, key, id, values);
  const entries = () =>
    db().select().from(t.auditLog).where(inArray(t.auditLog.action, ITEM_ACTIONS)).orderBy(desc(t.auditLog.id));
  const home = async () => (await fetch(`${app.url}/`)).text();

  it("opens the lists for marketing and not for intake, and answers 404 for a list that is not one", async () => {
    for (const path of ["/admin/content/faq", "/admin/content/testimonial", "/admin/content/insurer/new"]) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
      expect(res.status, path).toBe(200);
    }
    expect((await fetch(`${app.url}/admin/content/users`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${app.url}/admin/content/faq/999999`, { headers: { cookie } })).status).toBe(404);
    const intake = await signInCookie(app.url, INTAKE.email);
    expect((await fetch(`${app.url}/admin/content/faq`, { headers: { cookie: intake } })).status).toBe(403);
  });

  it("refuses bad items field by field with messages that say what to type, and saves nothing", async () => {
    const faq = await act("faq", null, { intent: "save-item", question: "Why?", answer: "" });
    expect(faq.status).toBe(400);
    expect(faq.answer.fields).toEqual({
      question: "Keep the question between 10 and 160 characters (it has 4).",
      answer: "Enter the answer.",
    });
    expect(faq.answer.values?.question).toBe("Why?");

    const testimonial = await act("testimonial", null, {
      intent: "save-item",
      quote: "Kind people.",
      author: "J",
      rating: "6",
    });
    expect(testimonial.answer.fields).toEqual({
      quote: "Keep the quote between 20 and 500 characters (it has 12).",
      author: "Keep the shared by between 2 and 40 characters (it has 1).",
      rating: "Choose a rating (1 to 5 stars) from 1 to 5.",
    });

    const condition = await act("condition", null, {
      intent: "save-item",
      name: "Panic disorder",
      slug: "Panic Disorder",
      summary: "Sudden waves of fear that can come without warning, and the worry they return.",
      treatmentSlug: "no-such-treatment",
    });
    expect(condition.answer.fields).toEqual({
      slug: "Write the short name in lower-case letters and digits joined by hyphens, such as panic-disorder.",
      treatmentSlug: "Choose the related treatment from the list.",
    });

    const [aetna] = await db().select().from(t.insuranceProviders).where(eq(t.insuranceProviders.slug, "aetna"));
    const taken = await act("insurer", null, { intent: "save-item", name: "Aetna Again", slug: aetna!.slug });
    expect(taken.status).toBe(400);
    expect(taken.answer.fields).toEqual({ slug: "Another page already uses /aetna. Choose another address." });

    // Through the page too: a plain form post gets 400, never a 500.
    const res = await fetch(`${app.url}/admin/content/faq/new`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "save-item", question: "", answer: "" }),
    });
    expect(res.status).toBe(400);
    expect(await entries()).toEqual([]);
  });

  it("adds a question, shows it on the home page at once, changes it, and undoes the change from its entry", async () => {
    await home();
    const added = await act("faq", null, {
      intent: "save-item",
      question: "Can I bring someone with me to my first visit?",
      answer: "Yes. Many people feel calmer with a partner, parent or friend nearby. Tell us when you book.",
    });
    expect(added.status).toBe(200);
    expect(added.answer.message).toBe("Published: the new question is on the website for every visitor.");
    const id = added.savedId!;
    expect(await home()).toContain("Can I bring someone with me to my first visit?");

    const changed = await act("faq", id, {
      intent: "save-item",
      question: "Can I bring someone with me to my first visit?",
      answer: "Yes. A partner, parent or friend is welcome to join you for part or all of the visit.",
    });
    expect(changed.answer.message).toBe("Published: the question's answer changed on the website for every visitor.");
    const [entry] = await entries();
    expect(entry).toMatchObject({ action: "content_item_changed", targetType: "faq", targetId: String(id) });
    expect(entry!.detail).toEqual({
      name: "The FAQ",
      label: "Can I bring someone with me to my first visit?",
      before: {
        answer: "Yes. Many people feel calmer with a partner, parent or friend nearby. Tell us when you book.",
      },
      after: { answer: "Yes. A partner, parent or friend is welcome to join you for part or all of the visit." },
    });
    expect(await home()).toContain("part or all of the visit");

    const undone = await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(entry!.id) });
    expect(undone.status).toBe(200);
    expect(await home()).toContain("Tell us when you book.");

    // Deleting it, then undoing the delete, puts it back in its place.
    const deleted = await act("faq", id, { intent: "delete-item", id: String(id) });
    expect(deleted.status).toBe(200);
    expect(await home()).not.toContain("Can I bring someone with me");
    const [gone] = await entries();
    expect(gone).toMatchObject({ action: "content_item_deleted", targetId: String(id) });
    await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(gone!.id) });
    expect(await home()).toContain("Can I bring someone with me to my first visit?");
  });

  it("refuses to delete an insurer other content links to, naming those places", async () => {
    const [aetna] = await db().select().from(t.insuranceProviders).where(eq(t.insuranceProviders.slug, "aetna"));
    const [page] = await db().select().from(t.pages).limit(1);
    await db()
      .update(t.pages)
      .set({ body: `${page!.body}\n\nSee [our Aetna page](/aetna) for what is covered.` })
      .where(eq(t.pages.id, page!.id));
    const before = (await entries()).length;
    const refused = await act("insurer", aetna!.id, { intent: "delete-item", id: String(aetna!.id) });
    expect(refused.status).toBe(409);
    expect(refused.answer.message).toBe(
      "“Aetna” was not deleted: other content links to it. Change those links first.",
    );
    expect((refused.answer as { linkedFrom?: unknown }).linkedFrom).toEqual([
      { label: `The page “${page!.title}”`, href: `/admin/content/pages/${page!.id}` },
    ]);
    expect(await db().select().from(t.insuranceProviders).where(eq(t.insuranceProviders.id, aetna!.id))).toHaveLength(
      1,
    );
    expect(await entries()).toHaveLength(before);

    // One nothing links to goes.
    const [avmed] = await db().select().from(t.insuranceProviders).where(eq(t.insuranceProviders.slug, "avmed"));
    expect((await act("insurer", avmed!.id, { intent: "delete-item", id: String(avmed!.id) })).status).toBe(200);
  });

  it("leaves a 301 from an insurer's old address when its address changes, and the other way round on undo", async () => {
    const [cigna] = await db().select().from(t.insuranceProviders).where(eq(t.insuranceProviders.slug, "cigna"));
    const moved = await act("insurer", cigna!.id, { intent: "save-item", name: "Cigna", slug: "cigna-healthcare" });
    expect(moved.status).toBe(200);
    const old = async (path: string) => {
      const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
      return { status: res.status, location: res.headers.get("location") };
    };
    await expect.poll(() => old("/cigna")).toEqual({ status: 301, location: "/cigna-healthcare" });
    expect((await fetch(`${app.url}/cigna-healthcare`)).status).toBe(200);

    const [entry] = await entries();
    expect(entry).toMatchObject({ action: "content_item_changed", detail: { before: { slug: "cigna" } } });
    await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(entry!.id) });
    await expect.poll(() => old("/cigna-healthcare")).toEqual({ status: 301, location: "/cigna" });
    expect((await fetch(`${app.url}/cigna`)).status).toBe(200);
  });

  it("edits a treatment: checked like the seed, a new address redirects, and a delete conditions name is refused", async () => {
    const [named] = await db().select().from(t.conditions).where(isNotNull(t.conditions.treatmentSlug)).limit(1);
    const [treatment] = await db().select().from(t.treatments).where(eq(t.treatments.slug, named!.treatmentSlug!));
    const form = (await itemPageData(db(), "treatment", treatment!.id))!.values;

    const bad = await act("treatment", treatment!.id, { ...form, intent: "save-item", slug: "aetna", icon: "Star" });
    expect(bad.status).toBe(400);
    expect(bad.answer.fields).toEqual({ icon: "Choose the icon from the list." });
    const taken = await act("treatment", treatment!.id, { ...form, intent: "save-item", slug: "aetna" });
    expect(taken.answer.fields).toEqual({ slug: "Another page already uses /aetna. Choose another address." });

    const renamed = `${treatment!.slug}-care`;
    const saved = await act("treatment", treatment!.id, { ...form, intent: "save-item", slug: renamed });
    expect(saved.answer.message).toBe("Published: the treatment's address changed on the website for every visitor.");
    const res = await fetch(`${app.url}/${treatment!.slug}`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([301, `/${renamed}`]);
    expect((await fetch(`${app.url}/${renamed}`)).status).toBe(200);

    // The conditions that named it follow it.
    const [following] = await db().select().from(t.conditions).where(eq(t.conditions.id, named!.id));
    expect(following!.treatmentSlug).toBe(renamed);
    const refused = await act("treatment", treatment!.id, { intent: "delete-item", id: String(treatment!.id) });
    expect(refused.status).toBe(409);
    expect((refused.answer as { linkedFrom?: { label: string }[] }).linkedFrom).toContainEqual({
      label: `The condition “${named!.name}”`,
      href: `/admin/content/condition/${named!.id}`,
    });
    expect(await db().select().from(t.treatments).where(eq(t.treatments.id, treatment!.id))).toHaveLength(1);
  });

  it("features treatments on the home page in their order, all while none is, audited and undone", async () => {
    const services = async () => {
      const html = await home();
      const section = html.slice(html.indexOf('data-testid="featured-services"'));
      return [...section.slice(0, section.indexOf("</ul>")).matchAll(/href="\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    };
    const rows = await db().select().from(t.treatments).orderBy(t.treatments.sortOrder, t.treatments.id);
    // The demo features every treatment: the home page shows what it showed before the column.
    expect(rows.every((row) => row.featured)).toBe(true);
    expect(await services()).toEqual(rows.map((row) => row.slug));

    const keep = [rows[1]!, rows[3]!];
    for (const row of rows.filter((r) => !keep.includes(r))) {
      const form = (await itemPageData(db(), "treatment", row.id))!.values;
      expect(form.featured).toBe("on");
      const saved = await act("treatment", row.id, { ...form, intent: "save-item", featured: "" });
      expect(saved.status).toBe(200);
    }
    expect(await services()).toEqual(keep.map((row) => row.slug));
    const [entry] = await entries();
    expect(entry).toMatchObject({
      action: "content_item_changed",
      detail: { before: { featured: true }, after: { featured: false } },
    });
    // Undone: featured again, at its place in the list's order.
    await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(entry!.id) });
    const last = rows.filter((r) => !keep.includes(r)).at(-1)!;
    expect(await services()).toEqual(rows.filter((r) => keep.includes(r) || r === last).map((r) => r.slug));

    // None featured: every treatment again.
    for (const row of [...keep, last]) {
      const form = (await itemPageData(db(), "treatment", row.id))!.values;
      await act("treatment", row.id, { ...form, intent: "save-item", featured: "" });
    }
    expect(await services()).toEqual(rows.map((row) => row.slug));
    await db().update(t.treatments).set({ featured: true });
  });
});
