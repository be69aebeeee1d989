import { desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { runContentAction } from "~/features/content-editing/content-page.server";
import { runTeamAction } from "~/features/content-editing/team-page.server";
import { parseTeamForm } from "~/features/content-editing/team-schema.server";
import { readImage } from "~/features/images/read-image.server";
import { saveImage } from "~/features/images/image-store.server";
import { startApiApp, type ApiApp } from "../setup/api-app";
import { databaseKinds } from "../setup/database";
import { addStaff, signInCookie } from "../setup/staff";

const MARKETING = { name: "Tess Team", email: "tess.team@clinic.example", roles: ["marketing"] as const };

/** A new therapist as the form posts them (fictional). */
const NEW_THERAPIST: Record<string, string> = {
  intent: "team-member",
  name: "Rosa Delgado-Park",
  credentials: "LMHC",
  role: "Licensed Mental Health Counselor",
  licenseType: "Florida Licensed Mental Health Counselor",
  bio: "Rosa helps adults and teens who feel stuck with worry, low mood or a big change in life. Her sessions are calm and practical: you talk through what is hard, and you leave with one small thing to try before next time.",
  approach: "Warm, structured and collaborative, drawing on CBT and acceptance-based therapy.",
  education: "MA in Clinical Mental Health Counseling, Rollins College",
  availability: "Evenings on Tuesdays",
  specialties: "Anxiety, Life transitions, Teens",
  languages: "English, Spanish",
  modalities: "In person,Telehealth",
  acceptingNewPatients: "yes",
  metaDescription:
    "Rosa Delgado-Park, LMHC, is a counselor in Winter Park, FL, helping adults and teens with anxiety and life changes, in person or online.",
  slug: "",
};

/**
 * The team editor's server side and what visitors then get, on each
 * database: fields refused one by one (nothing saved), a new member
 * published with a photo and shown on /team and their profile, a change
 * audited and undone, a new web address redirecting, and a delete refused
 * while a post names the member.
 */
describe.each(databaseKinds())("team member editing on %s", (kind) => {
  let app: ApiApp;
  let cookie: string;
  let actor: { id: string; email: string; ip: string };
  beforeAll(async () => {
    app = await startApiApp(kind, { PAGE_CACHE_ENTRIES: "200" });
    const [tess] = await addStaff(app.database, [MARKETING]);
    actor = { id: tess!.id, email: tess!.email, ip: "127.0.0.1" };
    cookie = await signInCookie(app.url, MARKETING.email);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const db = () => app.database.db;
  const act = async (id: number | null, values: Record<string, string>) => {
    const result = await runTeamAction(db(), app.services, actor, id, values);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    return { status: result.status, answer: result.answer };
  };
  const page = async (path: string) => {
    const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
    return { res, html: await res.text() };
  };
  const member = async (slug: string) =>
    (await db().select().from(t.teamMembers).where(eq(t.teamMembers.slug, slug)))[0];

  it("passes the seed's six clinicians as they are (the rules are no stricter than the content)", async () => {
    const rows = await db().select().from(t.teamMembers);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const parsed = parseTeamForm({
        ...row,
        specialties: row.specialties.join(", "),
        languages: row.languages.join(", "),
        modalities: row.modalities.join(","),
        acceptingNewPatients: row.acceptingNewPatients ? "yes" : "no",
        locationIds: "",
        insuranceIds: "",
        photoImageId: "",
      } as unknown as Record<string, string>);
      expect(parsed.ok ? [] : parsed.fields, row.slug).toEqual([]);
    }
  });

  it("opens for marketing, lists the team, and refuses bad fields one by one without saving", async () => {
    const list = await fetch(`${app.url}/admin/content/team`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Maya Ellison");
    const before = await db().select().from(t.teamMembers);
    const { status, answer } = await act(null, {
      ...NEW_THERAPIST,
      name: "R",
      bio: "Too short.",
      specialties: "",
      modalities: "On the moon",
      metaDescription: "Short.",
      slug: "Rosa Park!",
      availability: "x".repeat(141),
    });
    expect(status).toBe(400);
    expect(answer!.fields).toEqual({
      name: "Keep the name between 2 and 80 characters (it has 1).",
      bio: "Keep the bio between 80 and 1500 characters (it has 10).",
      metaDescription: "Keep the search description between 120 and 156 characters (it has 6).",
      availability: "Keep the availability between 1 and 140 characters (it has 141).",
      specialties: "Enter at least one focus area.",
      modalities: "Choose from the options shown.",
      slug: "Use only lower-case letters, digits and single hyphens, such as maya-ellison.",
    });
    expect(answer!.values?.name).toBe("R");
    expect(await db().select().from(t.teamMembers)).toEqual(before);
  });

  it("publishes a new therapist with a photo: on /team with the photo, their profile with the new facts", async () => {
    const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: "#8fb9a8" } })
      .png()
      .toBuffer();
    const read = await readImage(png);
    if (!read.ok) throw new Error(read.problem.message);
    const photo = await saveImage(db(), actor, {
      alt: "Rosa Delgado-Park smiling in the Winter Park office",
      sourceBytes: png.length,
      read: read.image,
    });
    const [office] = await db().select().from(t.locations).where(eq(t.locations.slug, "winter-park"));
    const [insurer] = await db().select().from(t.insuranceProviders).limit(1);
    await page("/team"); // cached before the change: the publish must move it
    const saved = await act(null, {
      ...NEW_THERAPIST,
      photoImageId: String(photo.id),
      locationIds: String(office!.id),
      insuranceIds: String(insurer!.id),
    });
    expect(saved.status).toBe(302);
    const rosa = await member("rosa-delgado-park");
    expect(saved.location).toMatch(new RegExp(`^/admin/content/team/${rosa!.id}\\?published=new&entry=\\d+$`));

    const team = await page("/team");
    expect(team.html).toMatch(/Rosa Delgado-Park(<!-- -->)?, (<!-- -->)?LMHC/);
    expect(team.html).toContain('alt="Rosa Delgado-Park smiling in the Winter Park office"');
    expect(team.html).toContain("Evenings on Tuesdays");

    const profile = await page("/team/rosa-delgado-park");
    expect(profile.res.status).toBe(200);
    for (const words of [
      "Florida Licensed Mental Health Counselor",
      "MA in Clinical Mental Health Counseling, Rollins College",
      "Warm, structured and collaborative",
      "Evenings on Tuesdays",
      office!.name,
      insurer!.name,
      "License",
    ])
      expect(profile.html).toContain(words);
    expect(profile.html).toMatch(/<source type="image\/avif" srcSet="\/media\/[0-9a-f]{64}\.avif/);

    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "team_member_added"))
      .orderBy(desc(t.auditLog.id));
    expect(entry!.detail).toMatchObject({ name: "Rosa Delgado-Park", before: null });
  });

  it("shows initials on a tile, not a silhouette, for a clinician without a photo", async () => {
    const team = await page("/team");
    expect(team.html).toMatch(/data-portrait="initials"[^>]*>ME<\/span>/);
    expect(team.html).not.toContain("/images/team/");
    const profile = await page("/team/maya-ellison");
    expect(profile.html).toMatch(/data-portrait="initials"[^>]*>ME<\/span>/);
  });

  it("makes a unique address from a name already taken, and refuses a typed one that is taken", async () => {
    const again = await act(null, { ...NEW_THERAPIST });
    expect(again.status).toBe(302);
    expect(await member("rosa-delgado-park-2")).toBeDefined();
    const rosa = await member("rosa-delgado-park");
    const taken = await act(rosa!.id, { ...NEW_THERAPIST, slug: "maya-ellison" });
    expect(taken.status).toBe(400);
    expect(taken.answer!.fields.slug).toBe(
      "Another team member already has the address /team/maya-ellison: choose another.",
    );
  });

  it("audits a change with before and after, and undoes it from the history", async () => {
    const rosa = await member("rosa-delgado-park");
    const changed = await act(rosa!.id, {
      ...NEW_THERAPIST,
      slug: "rosa-delgado-park",
      availability: "Mornings on Fridays",
    });
    expect(changed.status).toBe(200);
    expect(changed.answer!.message).toContain("availability");
    const [entry] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "team_member_changed"))
      .orderBy(desc(t.auditLog.id));
    expect(entry!.detail).toMatchObject({
      before: { availability: "Evenings on Tuesdays" },
      after: { availability: "Mornings on Fridays" },
    });
    expect((await page("/team/rosa-delgado-park")).html).toContain("Mornings on Fridays");

    const undone = await runContentAction(db(), app.services, actor, { intent: "revert", entry: String(entry!.id) });
    expect(undone.status).toBe(200);
    expect((await member("rosa-delgado-park"))!.availability).toBe("Evenings on Tuesdays");
    expect((await page("/team/rosa-delgado-park")).html).toContain("Evenings on Tuesdays");
  });

  it("leaves a 301 from the old address when the web address changes", async () => {
    const rosa = await member("rosa-delgado-park");
    const moved = await act(rosa!.id, { ...NEW_THERAPIST, slug: "rosa-park" });
    expect(moved.status).toBe(200);
    expect(moved.answer!.message).toContain("The old address now leads to /team/rosa-park.");
    const [redirect] = await db()
      .select()
      .from(t.seoRedirects)
      .where(eq(t.seoRedirects.fromPath, "/team/rosa-delgado-park"));
    expect(redirect).toMatchObject({ toTarget: "/team/rosa-park", status: 301 });
    expect((await page("/team/rosa-park")).res.status).toBe(200);
  });

  it("refuses to delete a member a blog post names, listing the post; deletes one nothing names", async () => {
    const [post] = await db().select().from(t.blogPosts).where(eq(t.blogPosts.authorSlug, "maya-ellison")).limit(1);
    const maya = await member("maya-ellison");
    const refused = await act(maya!.id, { intent: "team-delete" });
    expect(refused.status).toBe(409);
    expect(refused.answer!.places).toContainEqual(
      expect.objectContaining({ kind: "post", title: post!.title, why: expect.stringContaining("its author") }),
    );
    expect(await member("maya-ellison")).toBeDefined();

    const spare = await member("rosa-delgado-park-2");
    const deleted = await act(spare!.id, { intent: "team-delete" });
    expect(deleted).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/admin\/content\/team\?deleted=Rosa%20Delgado-Park&entry=\d+$/),
    });
    expect(await member("rosa-delgado-park-2")).toBeUndefined();
    expect(
      await db()
        .select()
        .from(t.auditLog)
        .where(inArray(t.auditLog.action, ["team_member_deleted"])),
    ).toHaveLength(1);
  });

  it("undoes an addition, a change and a deletion from the confirmation's entry, as the lists do", async () => {
    const entryIn = (location: string | null | undefined) => new URL(location!, app.url).searchParams.get("entry")!;
    const nina = { ...NEW_THERAPIST, name: "Nina Okafor", slug: "" };

    // An addition undone: the member is deleted again, and the editor sends staff back to the list.
    const added = await act(null, nina);
    const id = (await member("nina-okafor"))!.id;
    expect((await page("/team/nina-okafor")).res.status).toBe(200);
    const undoAdd = await act(id, { intent: "undo-item", entry: entryIn(added.location) });
    expect(undoAdd).toMatchObject({ status: 302, location: "/admin/content/team?undone=Nina%20Okafor" });
    expect(await member("nina-okafor")).toBeUndefined();
    expect((await page("/team/nina-okafor")).res.status).toBe(404);

    // A change undone from its confirmation.
    const rosa = (await member("rosa-park"))!;
    const changed = await act(rosa.id, { ...NEW_THERAPIST, slug: "rosa-park", availability: "Mornings on Fridays" });
    const changeEntry = changed.answer!.entry!;
    expect(changeEntry).toBeGreaterThan(0);
    const undoChange = await act(rosa.id, { intent: "undo-item", entry: String(changeEntry) });
    expect(undoChange.status).toBe(200);
    expect(undoChange.answer!.message).toBe(
      "Undone: Rosa Delgado-Park's profile is as it was before, for every visitor.",
    );
    expect((await member("rosa-park"))!.availability).toBe("Evenings on Tuesdays");
    expect((await page("/team/rosa-park")).html).toContain("Evenings on Tuesdays");

    // A deletion undone from the list's confirmation (its own form posts there): back at the old place.
    await act(null, nina);
    const again = (await member("nina-okafor"))!;
    const deleted = await act(again.id, { intent: "team-delete" });
    expect((await page("/team")).html).not.toContain("Nina Okafor");
    const res = await fetch(`${app.url}/admin/content/team`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "undo-item", entry: entryIn(deleted.location) }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Undone: Nina Okafor is back on the website, in their old place.");
    expect(await member("nina-okafor")).toMatchObject({ sortOrder: again.sortOrder, bio: again.bio });
    expect((await page("/team")).html).toContain("Nina Okafor");

    // Undoing the addition is refused while a post names the member (as Delete is).
    const back = (await member("nina-okafor"))!;
    const [restored] = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, "team_member_added"))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    const [post] = await db().select().from(t.blogPosts).limit(1);
    await db()
      .update(t.blogPosts)
      .set({ body: `${post!.body}\n\nSee [Nina's profile](/team/nina-okafor).` })
      .where(eq(t.blogPosts.id, post!.id));
    const refused = await act(back.id, { intent: "undo-item", entry: String(restored!.id) });
    expect(refused.status).toBe(400);
    expect(refused.answer!.message).toMatch(/^That change cannot be undone: Nina Okafor cannot be deleted while/);
    await db().update(t.blogPosts).set({ body: post!.body }).where(eq(t.blogPosts.id, post!.id));
    expect(await member("nina-okafor")).toBeDefined();
  });

  it("moves a member in the website's order with the Content kit, published on /team", async () => {
    const order = async () =>
      (await db().select().from(t.teamMembers).orderBy(t.teamMembers.sortOrder, t.teamMembers.id)).map((m) => m.slug);
    const [first, second] = await order();
    const secondRow = await member(second!);
    const res = await fetch(`${app.url}/admin/content/team`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "move", list: "team", id: String(secondRow!.id), to: "up" }),
    });
    expect(res.status).toBe(200);
    expect((await order()).slice(0, 2)).toEqual([second, first]);
    const team = (await page("/team")).html;
    expect(team.indexOf(`href="/team/${second}"`)).toBeLessThan(team.indexOf(`href="/team/${first}"`));
  });

  it("previews the profile from unsaved values without saving them", async () => {
    const rosa = await member("rosa-park");
    const preview = await act(rosa!.id, {
      ...NEW_THERAPIST,
      intent: "team-preview",
      availability: "Saturday mornings",
    });
    expect(preview.status).toBe(200);
    expect(preview.answer!.preview).toContain("Saturday mornings");
    expect(preview.answer!.preview).toContain("Rosa Delgado-Park, LMHC");
    expect((await member("rosa-park"))!.availability).toBe("Evenings on Tuesdays");
  });
});
