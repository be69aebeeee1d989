import { and, asc, eq, max, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { locations, teamMembers, type Location } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { addSlugRedirect, dropSlugRedirect } from "~/features/seo-redirects/redirects.server";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import { linksToPath, type LinkedFrom } from "./content-lists.server";
import type { LocationValues } from "./content-rules";

/**
 * The offices as staff edit, add and remove them (issue 19). As everywhere
 * in the content editor, saving is publishing: one transaction with the
 * row, one audit entry (`location_changed` with the changed fields before
 * and after, `location_added`, `location_deleted` with every value) and a
 * new content version. An office's page is /locations/{slug}: a new slug
 * leaves a 301 from the old one, a removed office's address a 301 to
 * /locations (decision 0044), and a new office at a once-redirected address
 * takes it back. The main office and an office content links to are not
 * removed. Which office is the main one (decision 0047) is chosen on its own,
 * audited as `main_office_changed` and undone by choosing the previous one.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type AsDb = Db;

export const officePath = (slug: string) => `/locations/${slug}`;
export const OFFICES_PATH = "/locations";

export type OfficeChange = { changed: false } | { changed: true; version: string; fields: string[] };

export function locationValuesOf(row: Location): LocationValues {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    directions: row.directions,
    metaDescription: row.metaDescription,
    telehealthOnly: row.telehealthOnly,
    latitude: row.latitude,
    longitude: row.longitude,
    areasServed: row.areasServed,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    hours: row.hours,
    closures: row.closures,
  };
}

export function listEditableLocations(db: Db) {
  return db.select().from(locations).orderBy(asc(locations.sortOrder), asc(locations.id));
}

/** The fields whose values differ, as { before, after } holding only those. */
export function changedFields<T extends object>(before: T, after: T) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

const slugTakenMessage = (slug: string) =>
  `Another office already uses ${officePath(slug)}. Choose another page address.`;

async function slugTaken(tx: Tx, slug: string, id: number | null): Promise<boolean> {
  const [same] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.slug, slug), id === null ? undefined : ne(locations.id, id)));
  return same !== undefined;
}

export type OfficeSaved =
  | { ok: true; id: number; change: OfficeChange }
  | { ok: false; status: 400; fields: Record<string, string> }
  | { ok: false; status: 404; message: string };

/** Changes one office inside a transaction (a save, or an undo with `revertOf`). */
export async function saveLocationIn(
  tx: Tx,
  id: number,
  values: LocationValues,
  actor: AuditActor,
  revertOf?: number,
): Promise<OfficeSaved> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for("update");
  if (!row) return { ok: false, status: 404, message: "That office is no longer listed." };
  const diff = changedFields(locationValuesOf(row), values);
  if (!diff) return { ok: true, id, change: { changed: false } };
  if (row.isPrimary && values.telehealthOnly && !row.telehealthOnly)
    return { ok: false, status: 400, fields: { telehealthOnly: MAIN_NOT_TELEHEALTH } };
  if (row.slug !== values.slug && (await slugTaken(tx, values.slug, id)))
    return { ok: false, status: 400, fields: { slug: slugTakenMessage(values.slug) } };
  await tx
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(locations.id, id));
  if (row.slug !== values.slug)
    await addSlugRedirect(tx as unknown as AsDb, officePath(row.slug), officePath(values.slug), actor);
  await audit(tx, actor, {
    action: "location_changed",
    target: { type: "location", id: String(id) },
    detail: { name: values.name, ...diff, ...(revertOf ? { revertOf } : {}) },
  });
  return {
    ok: true,
    id,
    change: { changed: true, version: await bumpContentVersion(tx), fields: Object.keys(diff.after) },
  };
}

/** Saves (publishes) one office. */
export function saveLocation(db: Db, id: number, values: LocationValues, actor: AuditActor): Promise<OfficeSaved> {
  return db.transaction((tx) => saveLocationIn(tx, id, values, actor));
}

/** A removed office as its audit entry keeps it (an entry from before decision 0047 may lack its words). */
type Restorable = Omit<LocationValues, "metaDescription" | "directions"> & {
  metaDescription?: string;
  directions?: string;
  sortOrder?: number;
};

async function addLocationIn(tx: Tx, values: Restorable, actor: AuditActor, revertOf?: number): Promise<OfficeSaved> {
  if (await slugTaken(tx, values.slug, null))
    return { ok: false, status: 400, fields: { slug: slugTakenMessage(values.slug) } };
  const [{ last } = { last: null }] = await tx.select({ last: max(locations.sortOrder) }).from(locations);
  const at = values.sortOrder ?? (last === null ? 0 : Number(last) + 1);
  if (values.sortOrder !== undefined)
    // Back at its old place: the offices from there on move one down.
    await tx
      .update(locations)
      .set({ sortOrder: sql`${locations.sortOrder} + 1` })
      .where(sql`${locations.sortOrder} >= ${at}`);
  const [added] = await tx
    .insert(locations)
    .values({ ...values, isPrimary: false, sortOrder: at })
    .returning({ id: locations.id });
  // The address may have redirected since an office there was removed: the new page takes it back.
  await dropSlugRedirect(tx as unknown as AsDb, officePath(values.slug), actor);
  await audit(tx, actor, {
    action: "location_added",
    target: { type: "location", id: String(added!.id) },
    detail: { name: values.name, after: values, ...(revertOf ? { revertOf } : {}) },
  });
  return {
    ok: true,
    id: added!.id,
    change: { changed: true, version: await bumpContentVersion(tx), fields: ["added"] },
  };
}

/** Adds (publishes) an office: its page, its card in the lists and its sitemap entry appear at once. */
export function addLocation(db: Db, values: LocationValues, actor: AuditActor): Promise<OfficeSaved> {
  return db.transaction((tx) => addLocationIn(tx, values, actor));
}

export type OfficeDeleted =
  | { ok: true; version: string; name: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string; linkedFrom: LinkedFrom[] };

/**
 * What keeps an office from being removed: team members who list it (their
 * profiles link to its page) and Markdown links to its page in pages,
 * treatment and insurer pages and blog posts.
 */
async function linksToOffice(tx: Tx, office: Location): Promise<LinkedFrom[]> {
  const members = await tx
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(sql`${teamMembers.locationIds} @> ${JSON.stringify([office.id])}::jsonb`);
  return [
    ...members.map((m) => ({ label: `The team member “${m.name}”`, href: `${TEAM_CONTENT_PATH}/${m.id}` })),
    ...(await linksToPath(tx, officePath(office.slug))),
  ];
}

async function deleteLocationIn(tx: Tx, id: number, actor: AuditActor, revertOf?: number): Promise<OfficeDeleted> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for("update");
  if (!row) return { ok: false, status: 404, message: "That office is no longer listed." };
  if (row.isPrimary)
    return {
      ok: false,
      status: 409,
      message: `“${row.name}” was not removed: it is the main office, whose address, phone and hours are the clinic's on every page. Make another office the main one first.`,
      linkedFrom: [{ label: "The header and footer of every page, and the clinic's search results", href: "/" }],
    };
  const linkedFrom = await linksToOffice(tx, row);
  if (linkedFrom.length > 0)
    return {
      ok: false,
      status: 409,
      message: `“${row.name}” was not removed: other content links to it. Change those links first.`,
      linkedFrom,
    };
  await tx.delete(locations).where(eq(locations.id, id));
  // Search results and bookmarks of the office's page lead to the list of offices.
  await addSlugRedirect(tx as unknown as AsDb, officePath(row.slug), OFFICES_PATH, actor);
  await audit(tx, actor, {
    action: "location_deleted",
    target: { type: "location", id: String(id) },
    detail: {
      name: row.name,
      before: { ...locationValuesOf(row), sortOrder: row.sortOrder },
      ...(revertOf ? { revertOf } : {}),
    },
  });
  return { ok: true, version: await bumpContentVersion(tx), name: row.name };
}

/** Removes an office unless it is the main one or content links to it (then nothing changes). */
export function deleteLocation(db: Db, id: number, actor: AuditActor): Promise<OfficeDeleted> {
  return db.transaction((tx) => deleteLocationIn(tx, id, actor));
}

/** The form field a refused choice of main office is told under (the confirmation box). */
export const MAIN_OFFICE_FIELD = "mainOffice";

const MAIN_NOT_TELEHEALTH =
  "The main office cannot be telehealth only: its address is the clinic's on every page, as the place patients come to. Choose another main office first.";

export type MainOfficeChosen =
  | { ok: true; change: OfficeChange; name: string }
  | { ok: false; status: 400; fields: Record<string, string> }
  | { ok: false; status: 404; message: string };

/**
 * Makes one office the main one (decision 0047): its address, phone, hours
 * and map position become the clinic's in the header, the footer, the
 * contact details and the structured data of every page (getSiteRow reads
 * the flag). Every office row is locked first, so two choices at once end
 * with exactly one main office. A telehealth-only office is refused: it is
 * no place to come to. Audited as `main_office_changed` with the office
 * before and after; `revertOf` when it undoes such an entry.
 */
export async function chooseMainOfficeIn(
  tx: Tx,
  id: number,
  actor: AuditActor,
  revertOf?: number,
): Promise<MainOfficeChosen> {
  const rows = await tx
    .select({
      id: locations.id,
      name: locations.name,
      isPrimary: locations.isPrimary,
      telehealthOnly: locations.telehealthOnly,
    })
    .from(locations)
    .orderBy(asc(locations.sortOrder), asc(locations.id))
    .for("update");
  const office = rows.find((r) => r.id === id);
  if (!office) return { ok: false, status: 404, message: "That office is no longer listed." };
  const mains = rows.filter((r) => r.isPrimary);
  if (mains.length === 1 && mains[0]!.id === id) return { ok: true, change: { changed: false }, name: office.name };
  if (office.telehealthOnly)
    return {
      ok: false,
      status: 400,
      fields: {
        [MAIN_OFFICE_FIELD]: `${office.name} is telehealth only, and the main office's address is shown on every page as the place patients come to. Choose an office patients visit, or clear its “Telehealth only” first.`,
      },
    };
  // The one the pages showed: the first flagged, as getSiteRow reads it.
  const previous = mains[0] ?? null;
  await tx
    .update(locations)
    .set({ isPrimary: false })
    .where(and(eq(locations.isPrimary, true), ne(locations.id, id)));
  await tx.update(locations).set({ isPrimary: true }).where(eq(locations.id, id));
  await audit(tx, actor, {
    action: "main_office_changed",
    target: { type: "location", id: String(id) },
    detail: {
      name: office.name,
      before: { mainOffice: previous?.name ?? null },
      after: { mainOffice: office.name },
      previousId: previous?.id ?? null,
      ...(revertOf ? { revertOf } : {}),
    },
  });
  return {
    ok: true,
    name: office.name,
    change: { changed: true, version: await bumpContentVersion(tx), fields: ["mainOffice"] },
  };
}

/** Makes an office the main one, published at once. */
export function chooseMainOffice(db: Db, id: number, actor: AuditActor): Promise<MainOfficeChosen> {
  return db.transaction((tx) => chooseMainOfficeIn(tx, id, actor));
}

/**
 * Undoes an office's audited addition, removal or choice of main office
 * inside revertContentChange's transaction: an addition is removed (under the
 * same rules as a removal), a removal is added again (a new id, at its old
 * place, unless its address is taken), the main office chosen before is the
 * main one again (unless removed or telehealth only since). A refusal's
 * reason, or null when the entry is not an office's.
 */
export async function undoOfficeChangeIn(
  tx: Tx,
  entry: { id: number; action: string; targetId: string | null; detail: Record<string, unknown> },
  actor: AuditActor,
): Promise<{ ok: true; change: OfficeChange } | { ok: false; message: string } | null> {
  if (entry.action === "location_added") {
    const removed = await deleteLocationIn(tx, Number(entry.targetId), actor, entry.id);
    if (removed.ok) return { ok: true, change: { changed: true, version: removed.version, fields: ["removed"] } };
    if (removed.status === 404) return { ok: true, change: { changed: false } };
    return { ok: false, message: removed.message };
  }
  if (entry.action === "main_office_changed") {
    const previous = entry.detail.previousId;
    if (typeof previous !== "number") return { ok: false, message: "no office was the main one before it." };
    const chosen = await chooseMainOfficeIn(tx, previous, actor, entry.id);
    if (chosen.ok) return { ok: true, change: chosen.change };
    return {
      ok: false,
      message:
        chosen.status === 404
          ? `${String((entry.detail.before as { mainOffice?: unknown } | undefined)?.mainOffice ?? "The previous main office")} is no longer listed.`
          : Object.values(chosen.fields).join(" "),
    };
  }
  if (entry.action === "location_deleted") {
    const before = entry.detail.before as Restorable | undefined;
    if (!before) return null;
    const added = await addLocationIn(tx, before, actor, entry.id);
    if (!added.ok)
      return { ok: false, message: "fields" in added ? Object.values(added.fields).join(" ") : added.message };
    return {
      ok: true,
      change: { changed: true, version: added.change.changed ? added.change.version : "", fields: ["restored"] },
    };
  }
  return null;
}
