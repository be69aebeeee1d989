import { asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { addSlugRedirect } from "~/features/seo-redirects/redirects.server";
import type { TeamValues } from "./team-rules";

/**
 * Team members as staff edit them (issue 19). As for the clinic and its
 * offices (content-store.server.ts): saving is publishing, in one
 * transaction with one audit entry of the fields that changed (before and
 * after) and a new content version; a change is undone from its entry. A
 * new web address leaves a 301 from the old one; a member that posts or
 * pages name is not deleted.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const TEAM_ACTIONS = {
  added: "team_member_added",
  changed: "team_member_changed",
  deleted: "team_member_deleted",
} as const;

export function teamValuesOf(row: t.TeamMember): TeamValues {
  return {
    slug: row.slug,
    name: row.name,
    credentials: row.credentials,
    role: row.role,
    licenseType: row.licenseType,
    photoImageId: row.photoImageId,
    bio: row.bio,
    specialties: row.specialties,
    languages: row.languages,
    modalities: row.modalities,
    acceptingNewPatients: row.acceptingNewPatients,
    metaDescription: row.metaDescription,
    education: row.education,
    approach: row.approach,
    availability: row.availability,
    locationIds: row.locationIds,
    insuranceIds: row.insuranceIds,
  };
}

export function listTeamForEditing(db: Db) {
  return db.select().from(t.teamMembers).orderBy(asc(t.teamMembers.sortOrder), asc(t.teamMembers.id));
}

/** What a save changed (the same shape as content-store's ContentChange). */
type ContentChange = { changed: false } | { changed: true; version: string; fields: string[] };

export const teamPath = (slug: string) => `/team/${slug}`;

export type TeamSave =
  | { ok: true; id: number; slug: string; change: ContentChange; redirected: boolean; entry?: number }
  | { ok: false; status: 400 | 404; message: string; fields: Record<string, string> };

/** The fields whose values differ, as { before, after } holding only those. */
function changedFields(before: TeamValues, after: TeamValues) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof TeamValues)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

/** The references that must exist: the photo, the offices, the insurers. Field messages for those that do not. */
async function missingReferences(tx: Tx, values: TeamValues): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (values.photoImageId !== null) {
    const [image] = await tx.select({ id: t.images.id }).from(t.images).where(eq(t.images.id, values.photoImageId));
    if (!image) fields.photoImageId = "This photo is no longer stored: upload it again.";
  }
  if (values.locationIds.length) {
    const found = await tx
      .select({ id: t.locations.id })
      .from(t.locations)
      .where(inArray(t.locations.id, values.locationIds));
    if (found.length !== values.locationIds.length) fields.locationIds = "An office chosen is no longer listed.";
  }
  if (values.insuranceIds.length) {
    const found = await tx
      .select({ id: t.insuranceProviders.id })
      .from(t.insuranceProviders)
      .where(inArray(t.insuranceProviders.id, values.insuranceIds));
    if (found.length !== values.insuranceIds.length) fields.insuranceIds = "An insurer chosen is no longer listed.";
  }
  return fields;
}

/** A free web address: the one asked for, or (made from the name) with -2, -3… added until free. */
async function freeSlug(tx: Tx, wanted: string, id: number | null, madeFromName: boolean): Promise<string | null> {
  const taken = new Set(
    (
      await tx
        .select({ id: t.teamMembers.id, slug: t.teamMembers.slug })
        .from(t.teamMembers)
        .where(or(eq(t.teamMembers.slug, wanted), ilike(t.teamMembers.slug, `${wanted}-%`)))
    )
      .filter((row) => row.id !== id)
      .map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  if (!madeFromName) return null;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** Saves one member in the caller's transaction (a save, or an undo). */
export async function saveTeamMemberIn(
  tx: Tx,
  id: number | null,
  values: TeamValues,
  actor: AuditActor,
  options: { slugTyped: boolean; revertOf?: number; at?: number },
): Promise<TeamSave> {
  const refuse = (fields: Record<string, string>): TeamSave => ({
    ok: false,
    status: 400,
    message: "Please correct the highlighted fields.",
    fields,
  });
  // One writer of team slugs at a time, so two new members cannot take the same address.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('team_members'))`);
  const [row] = id === null ? [] : await tx.select().from(t.teamMembers).where(eq(t.teamMembers.id, id)).for("update");
  if (id !== null && !row)
    return { ok: false, status: 404, message: "This team member is no longer listed.", fields: {} };

  const fields = await missingReferences(tx, values);
  // A member keeps the address they have unless a new one is typed.
  const madeFromName = !options.slugTyped && !row;
  const slug = row && !options.slugTyped ? row.slug : await freeSlug(tx, values.slug, id, madeFromName);
  if (slug === null) fields.slug = `Another team member already has the address /team/${values.slug}: choose another.`;
  if (Object.keys(fields).length > 0) return refuse(fields);
  const saved = { ...values, slug: slug! };

  if (!row) {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${t.teamMembers.sortOrder}), -1) + 1` })
      .from(t.teamMembers);
    // A member put back (an undone deletion) goes back to their old place: those from there on move one down.
    const at = options.at !== undefined && options.at < Number(next) ? options.at : Number(next);
    if (at < Number(next))
      await tx
        .update(t.teamMembers)
        .set({ sortOrder: sql`${t.teamMembers.sortOrder} + 1` })
        .where(sql`${t.teamMembers.sortOrder} >= ${at}`);
    const [created] = await tx
      .insert(t.teamMembers)
      .values({ ...saved, sortOrder: at })
      .returning({ id: t.teamMembers.id });
    const entry = await audit(tx, actor, {
      action: TEAM_ACTIONS.added,
      target: { type: "team_member", id: String(created!.id) },
      detail: {
        name: saved.name,
        before: null,
        after: saved,
        ...(options.revertOf ? { revertOf: options.revertOf } : {}),
      },
    });
    const version = await bumpContentVersion(tx);
    return {
      ok: true,
      id: created!.id,
      slug: saved.slug,
      redirected: false,
      change: { changed: true, version, fields: options.revertOf ? ["restored"] : Object.keys(saved) },
      entry,
    };
  }

  const diff = changedFields(teamValuesOf(row), saved);
  if (!diff) return { ok: true, id: row.id, slug: row.slug, redirected: false, change: { changed: false } };
  await tx
    .update(t.teamMembers)
    .set({ ...saved, updatedAt: new Date() })
    .where(eq(t.teamMembers.id, row.id));
  // The old address was public: search engines and bookmarks follow a 301 to the new one.
  const redirected = row.slug !== saved.slug;
  if (redirected) await addSlugRedirect(tx as unknown as Db, teamPath(row.slug), teamPath(saved.slug), actor);
  const entry = await audit(tx, actor, {
    action: TEAM_ACTIONS.changed,
    target: { type: "team_member", id: String(row.id) },
    detail: { name: saved.name, ...diff, ...(options.revertOf ? { revertOf: options.revertOf } : {}) },
  });
  const version = await bumpContentVersion(tx);
  return {
    ok: true,
    id: row.id,
    slug: saved.slug,
    redirected,
    change: { changed: true, version, fields: Object.keys(diff.after) },
    entry,
  };
}

/** Saves (publishes) a member: a new one when `id` is null. */
export function saveTeamMember(
  db: Db,
  id: number | null,
  values: TeamValues,
  actor: AuditActor,
  slugTyped: boolean,
): Promise<TeamSave> {
  return db.transaction((tx) => saveTeamMemberIn(tx, id, values, actor, { slugTyped }));
}

/** A place on the site that names a member: a post (author or reviewer) or a page linking to their profile. */
export interface NamedIn {
  kind: "post" | "page";
  title: string;
  /** Where staff change it: the post's editor, or the page's public address. */
  path: string;
  why: string;
}

/** Every post that names the member and every page whose words link to their profile. */
export async function placesNaming(db: Db | Tx, slug: string): Promise<NamedIn[]> {
  const link = `%${teamPath(slug)}%`;
  // A link to /team/maya-ellison, not to /team/maya-ellison-2: the address ends where the slug's characters do.
  const linksHere = (text: string) => new RegExp(`${teamPath(slug)}(?![a-z0-9-])`).test(text);
  const [posts, pages, treatments, insurers] = await Promise.all([
    db
      .select({
        id: t.blogPosts.id,
        title: t.blogPosts.title,
        body: t.blogPosts.body,
        authorSlug: t.blogPosts.authorSlug,
        reviewerSlug: t.blogPosts.reviewerSlug,
      })
      .from(t.blogPosts)
      .where(or(eq(t.blogPosts.authorSlug, slug), eq(t.blogPosts.reviewerSlug, slug), ilike(t.blogPosts.body, link))),
    db
      .select({ slug: t.pages.slug, title: t.pages.title, body: t.pages.body })
      .from(t.pages)
      .where(ilike(t.pages.body, link)),
    db
      .select({ slug: t.treatments.slug, title: t.treatments.title, body: t.treatments.body })
      .from(t.treatments)
      .where(ilike(t.treatments.body, link)),
    db
      .select({ slug: t.insuranceProviders.slug, title: t.insuranceProviders.name, body: t.insuranceProviders.body })
      .from(t.insuranceProviders)
      .where(ilike(t.insuranceProviders.body, link)),
  ]);
  const named: NamedIn[] = [];
  for (const post of posts) {
    const roles = [
      post.authorSlug === slug ? "its author" : "",
      post.reviewerSlug === slug ? "its clinical reviewer" : "",
      linksHere(post.body) ? "links to the profile" : "",
    ].filter(Boolean);
    if (roles.length)
      named.push({ kind: "post", title: post.title, path: `/admin/blog/${post.id}`, why: roles.join(", ") });
  }
  for (const page of [...pages, ...treatments, ...insurers]) {
    if (linksHere(page.body))
      named.push({ kind: "page", title: page.title, path: `/${page.slug}`, why: "links to the profile" });
  }
  return named;
}

export type TeamDelete =
  | { ok: true; name: string; version: string; entry: number }
  | { ok: false; status: 404 | 409; message: string; places: NamedIn[] };

/** Why a member cannot go (a post names them, a page links to their profile), or null. */
const namedRefusal = (name: string, places: NamedIn[]) =>
  `${name} cannot be deleted while ${places.length === 1 ? "this place names them" : `these ${places.length} places name them`}. Change or remove each first.`;

/**
 * Deletes a member, unless a post names them (author or reviewer) or a page
 * links to their profile: then nothing is deleted and the places are
 * listed, so the words can be changed first. Audited with what was deleted.
 */
export function deleteTeamMember(db: Db, id: number, actor: AuditActor): Promise<TeamDelete> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('team_members'))`);
    const [row] = await tx.select().from(t.teamMembers).where(eq(t.teamMembers.id, id)).for("update");
    if (!row) return { ok: false, status: 404, message: "This team member is no longer listed.", places: [] };
    const places = await placesNaming(tx, row.slug);
    if (places.length > 0) return { ok: false, status: 409, message: namedRefusal(row.name, places), places };
    const entry = await deleteMemberIn(tx, row, actor);
    return { ok: true, name: row.name, version: await bumpContentVersion(tx), entry };
  });
}

/** The row deleted and audited with its values and its place in the list (for undo). */
function deleteMemberIn(tx: Tx, row: t.TeamMember, actor: AuditActor, revertOf?: number): Promise<number> {
  return tx
    .delete(t.teamMembers)
    .where(eq(t.teamMembers.id, row.id))
    .then(() =>
      audit(tx, actor, {
        action: TEAM_ACTIONS.deleted,
        target: { type: "team_member", id: String(row.id) },
        detail: {
          name: row.name,
          before: teamValuesOf(row),
          after: null,
          position: row.sortOrder,
          ...(revertOf ? { revertOf } : {}),
        },
      }),
    );
}

export type TeamUndo = { ok: true; change: ContentChange } | { ok: false; message: string };

/**
 * An addition or a deletion of a member turned round, in revertContentChange's transaction: the
 * member added is deleted again (refused, as Delete is, while a post or page names them); the
 * member deleted comes back with their values at their old place (a new id; refused with the
 * reason when their address was taken since, or their photo, office or insurer is gone).
 */
export async function undoTeamAdditionOrDeletionIn(
  tx: Tx,
  entry: { id: number; action: string; targetId: string | null; detail: Record<string, unknown> },
  actor: AuditActor,
): Promise<TeamUndo> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('team_members'))`);
  if (entry.action === TEAM_ACTIONS.added) {
    const [row] = await tx
      .select()
      .from(t.teamMembers)
      .where(eq(t.teamMembers.id, Number(entry.targetId)))
      .for("update");
    if (!row) return { ok: true, change: { changed: false } };
    const places = await placesNaming(tx, row.slug);
    if (places.length > 0) return { ok: false, message: namedRefusal(row.name, places) };
    await deleteMemberIn(tx, row, actor, entry.id);
    return { ok: true, change: { changed: true, version: await bumpContentVersion(tx), fields: ["removed"] } };
  }
  const before = entry.detail.before as TeamValues | null | undefined;
  if (!before) return { ok: false, message: "the deleted member's details are not in the history." };
  const position = typeof entry.detail.position === "number" ? entry.detail.position : undefined;
  const saved = await saveTeamMemberIn(tx, null, before, actor, { slugTyped: true, revertOf: entry.id, at: position });
  if (!saved.ok) return { ok: false, message: Object.values(saved.fields).join(" ") || saved.message };
  return { ok: true, change: saved.change };
}
