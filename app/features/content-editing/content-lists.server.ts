import { and, asc, eq, ilike, max, ne, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { blogPosts, conditions, insuranceProviders, pages, treatmentIcons, treatments } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { imageSources } from "~/features/images/image-store.server";
import { addSlugRedirect, dropSlugRedirect } from "~/features/seo-redirects/redirects.server";
import { staffPath } from "~/lib/staff-area";
import {
  fixedAddressNote,
  FIXED_PAGE_PUBLISHED_NOTE,
  FIXED_PAGE_SLUGS,
  isFixedPage,
  LIST_SPECS,
  RESERVED_SLUGS,
  type ContentListKey,
  type FieldChoices,
  type ListSpec,
} from "./content-lists";
import type { ItemValues } from "./content-lists-schema.server";
import { ORDERED_LISTS } from "./reorder.server";

/**
 * The one store of the content lists (FAQ, testimonials, insurance
 * providers, conditions): every list's add, change and delete is the same
 * code, driven by its description in content-lists.ts. Saving is publishing:
 * one transaction with the row, one audit entry (`content_item_added` /
 * `_changed` / `_deleted`, the fields before and after) and a new content
 * version. Undo reads those entries (undoItemChangeIn).
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = Record<string, unknown> & { id: number; sortOrder: number };

/** Each list's table: the ordered lists', and the site's pages (changed only, never reordered here). */
const tableOf = (key: ContentListKey) => (key === "pages" ? pages : ORDERED_LISTS[key].table);
/** The words the history shows for the list ("The FAQ"). */
const listName = (key: ContentListKey): string => (key === "pages" ? "The pages" : ORDERED_LISTS[key].name);
/** The lists whose items are pages at /{slug}: one address space. */
const TOP_LEVEL: readonly ContentListKey[] = ["insurer", "treatment", "pages"];

/** A row's values as the list's fields name them (an image field: its stored path). */
export function itemValuesOf(spec: ListSpec, row: Record<string, unknown>): ItemValues {
  return Object.fromEntries(spec.fields.map((f) => [f.name, (row[f.name] ?? null) as ItemValues[string]]));
}

/**
 * Columns a list's rows hold beyond its fields, kept by a deletion's audit entry and put back by
 * undo: a page's published state (changed by Unpublish), its section and schema type (set when a
 * developer adds a page; a page staff add is an info page, a WebPage).
 */
const EXTRA_COLUMNS: Partial<Record<ContentListKey, string[]>> = { pages: ["published", "section", "schemaType"] };
/** What a page staff add is, beyond its fields. */
const NEW_PAGE = { section: "info", schemaType: "WebPage", published: true } as const;

/** A row's values with its extra columns: what undo compares and puts back. */
function storedValuesOf(key: ContentListKey, row: Record<string, unknown>): ItemValues {
  const extra = EXTRA_COLUMNS[key] ?? [];
  return {
    ...itemValuesOf(LIST_SPECS[key], row),
    ...Object.fromEntries(extra.map((c) => [c, (row[c] ?? null) as ItemValues[string]])),
  };
}

export async function listItems(db: Db | Tx, key: ContentListKey): Promise<Row[]> {
  const table = tableOf(key);
  return (await db.select().from(table).orderBy(asc(table.sortOrder), asc(table.id))) as Row[];
}

export async function findItem(db: Db | Tx, key: ContentListKey, id: number): Promise<Row | null> {
  const table = tableOf(key);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return (row as Row | undefined) ?? null;
}

/** The choices of a list's "choice" fields: a condition's related treatment. */
export async function fieldChoices(db: Db | Tx, key: ContentListKey): Promise<FieldChoices> {
  if (key === "treatment") return { icon: treatmentIcons.map((icon) => ({ value: icon, label: icon })) };
  if (key !== "condition") return {};
  const rows = await db
    .select({ value: treatments.slug, label: treatments.title })
    .from(treatments)
    .orderBy(asc(treatments.sortOrder), asc(treatments.id));
  return { treatmentSlug: rows };
}

export type ItemSaved =
  | { ok: true; changed: false; id: number }
  | { ok: true; changed: true; id: number; version: string; fields: string[]; entry: number }
  | { ok: false; status: 400; fields: Record<string, string> }
  | { ok: false; status: 404; message: string };

/** The path of an insurer's or other top-level page, taken by another page already? (they all answer /:slug). */
async function slugTaken(tx: Tx, key: ContentListKey, slug: string, id: number | null): Promise<boolean> {
  const table = tableOf(key) as typeof insuranceProviders;
  const self = id === null ? undefined : ne(table.id, id);
  const [same] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), self));
  if (same) return true;
  if (!TOP_LEVEL.includes(key)) return false;
  // The other kinds of page that answer /:slug.
  const others = [
    // In TOP_LEVEL's order: insurers, treatments, pages.
    tx.select({ slug: insuranceProviders.slug }).from(insuranceProviders).where(eq(insuranceProviders.slug, slug)),
    tx.select({ slug: treatments.slug }).from(treatments).where(eq(treatments.slug, slug)),
    tx.select({ slug: pages.slug }).from(pages).where(eq(pages.slug, slug)),
  ].filter((_, i) => TOP_LEVEL[i] !== key);
  const [other] = (await Promise.all(others)).flat();
  return other !== undefined;
}

/** The stored path of a newly uploaded logo: its narrowest WebP variant (the logos are shown 40px tall). */
export async function uploadedImagePath(tx: Db | Tx, imageId: string): Promise<string | null | undefined> {
  if (!/^\d{1,9}$/.test(imageId)) return undefined;
  const image = await imageSources(tx as unknown as Db, Number(imageId));
  if (!image) return undefined;
  const variant = image.variants.find((v) => v.format === "webp") ?? image.variants[0];
  return variant?.src ?? null;
}

function changedFields(before: ItemValues, after: ItemValues) {
  const was: ItemValues = {};
  const now: ItemValues = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

/**
 * Adds (id null) or changes one item. `form` is the posted form, for the
 * image fields: `<name>Image` an uploaded image's id, `<name>Remove` "on"
 * to take the image away; otherwise the item keeps its image.
 */
export async function saveItem(
  db: Db,
  key: ContentListKey,
  id: number | null,
  values: ItemValues,
  form: Record<string, string>,
  actor: AuditActor,
): Promise<ItemSaved> {
  const spec = LIST_SPECS[key];
  const table = tableOf(key);
  return db.transaction(async (tx) => {
    const row = id === null ? null : await findItem(tx, key, id);
    if (id !== null && !row) return { ok: false, status: 404, message: `That ${spec.noun} is no longer listed.` };
    const next: ItemValues = { ...values };
    for (const field of spec.fields.filter((f) => f.kind === "image")) {
      const uploaded = form[`${field.name}Image`] ?? "";
      const path = uploaded ? await uploadedImagePath(tx, uploaded) : undefined;
      if (uploaded && path === undefined)
        return { ok: false, status: 400, fields: { [field.name]: `Upload the ${field.label.toLowerCase()} again.` } };
      next[field.name] =
        path ?? (form[`${field.name}Remove`] === "on" ? null : ((row?.[field.name] as string | null) ?? null));
    }
    const slugProblem = typeof next.slug === "string" ? await slugRefusal(tx, key, row, next.slug, id) : null;
    if (slugProblem) return { ok: false, status: 400, fields: { slug: slugProblem } };
    const who = String(next[spec.titleField] ?? "");
    if (row === null) {
      const [{ last } = { last: null }] = await tx.select({ last: max(table.sortOrder) }).from(table);
      const [added] = (await tx
        .insert(table)
        .values({
          ...(key === "pages" ? NEW_PAGE : {}),
          ...next,
          sortOrder: last === null ? 0 : Number(last) + 1,
        } as never)
        .returning({ id: table.id })) as { id: number }[];
      // A redirect away from the new address (a page that lived there once) would hide the new page.
      if (TOP_LEVEL.includes(key) && typeof next.slug === "string")
        await dropSlugRedirect(tx as unknown as Db, `/${next.slug}`, actor);
      const entry = await audit(tx, actor, {
        action: "content_item_added",
        target: { type: key, id: String(added!.id) },
        detail: { name: listName(key), label: who, after: next },
      });
      return {
        ok: true,
        changed: true,
        id: added!.id,
        version: await bumpContentVersion(tx),
        fields: Object.keys(next),
        entry,
      };
    }
    const diff = changedFields(itemValuesOf(spec, row), next);
    if (!diff) return { ok: true, changed: false, id: row.id };
    await tx
      .update(table)
      .set({ ...diff.after, ...("updatedAt" in row ? { updatedAt: new Date() } : {}) } as never)
      .where(eq(table.id, row.id));
    await redirectOldAddress(tx, key, diff, actor);
    const entry = await audit(tx, actor, {
      action: "content_item_changed",
      target: { type: key, id: String(row.id) },
      detail: { name: listName(key), label: who, ...diff },
    });
    return {
      ok: true,
      changed: true,
      id: row.id,
      version: await bumpContentVersion(tx),
      fields: Object.keys(diff.after),
      entry,
    };
  });
}

/**
 * Why a typed address cannot be used, or null: taken by another page at /{slug}, one of the site's
 * own routes or fixed pages (even were its row missing), or a change of a page whose address is
 * fixed (FIXED_PAGE_SLUGS).
 */
async function slugRefusal(
  tx: Tx,
  key: ContentListKey,
  row: Row | null,
  slug: string,
  id: number | null,
): Promise<string | null> {
  const was = row ? String(row.slug) : null;
  if (slug === was) return null;
  if (key === "pages" && was !== null && FIXED_PAGE_SLUGS.has(was)) return fixedAddressNote(was);
  if (TOP_LEVEL.includes(key) && (RESERVED_SLUGS.has(slug) || FIXED_PAGE_SLUGS.has(slug)))
    return `/${slug} is one of the site's own addresses. Choose another address.`;
  if (await slugTaken(tx, key, slug, id)) return `Another page already uses /${slug}. Choose another address.`;
  return null;
}

/**
 * An insurer's page is published at /slug: a new slug leaves a 301 from the
 * old address (search results and links keep working), chains collapsed by
 * addSlugRedirect. Conditions have no page of their own. A treatment's
 * conditions follow its new slug.
 */
async function redirectOldAddress(
  tx: Tx,
  key: ContentListKey,
  diff: { before: ItemValues; after: ItemValues },
  actor: AuditActor,
) {
  if (!TOP_LEVEL.includes(key)) return;
  if (typeof diff.before.slug !== "string" || typeof diff.after.slug !== "string") return;
  await addSlugRedirect(tx as unknown as Db, `/${diff.before.slug}`, `/${diff.after.slug}`, actor);
  // The conditions that name the treatment follow it (their cards link to its page).
  if (key === "treatment")
    await tx
      .update(conditions)
      .set({ treatmentSlug: diff.after.slug })
      .where(eq(conditions.treatmentSlug, diff.before.slug));
}

/** A place that links to an item, for a refused delete. */
export interface LinkedFrom {
  label: string;
  href: string;
}

/**
 * What links to an item's page (/slug): the words of pages, treatment and
 * insurer pages, and blog posts (any status: a draft may be published
 * later). An item without a page of its own has none.
 */
export async function linksToPath(db: Db | Tx, path: string): Promise<LinkedFrom[]> {
  // A Markdown link to the page: "](/slug)" or "](/slug#…" or "](/slug "…".
  const patterns = [`%](${path})%`, `%](${path}#%`, `%](${path} %`, `%](${path}/)%`];
  const linking = (body: PgColumn) => or(...patterns.map((p) => ilike(body, p)));
  const [pageRows, treatmentRows, insurerRows, postRows] = await Promise.all([
    db.select({ id: pages.id, title: pages.title }).from(pages).where(linking(pages.body)),
    db.select({ id: treatments.id, title: treatments.title }).from(treatments).where(linking(treatments.body)),
    db
      .select({ id: insuranceProviders.id, title: insuranceProviders.name })
      .from(insuranceProviders)
      .where(linking(insuranceProviders.body)),
    db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).where(linking(blogPosts.body)),
  ]);
  return [
    ...pageRows.map((r) => ({ label: `The page “${r.title}”`, href: staffPath(`content/pages/${r.id}`) })),
    ...treatmentRows.map((r) => ({
      label: `The treatment “${r.title}”`,
      href: staffPath(`content/treatment/${r.id}`),
    })),
    ...insurerRows.map((r) => ({ label: `The insurer page “${r.title}”`, href: staffPath(`content/insurer/${r.id}`) })),
    ...postRows.map((r) => ({ label: `The blog post “${r.title}”`, href: staffPath(`blog/${r.id}`) })),
  ];
}

/**
 * What links to an item's own page, but the item itself (a page may link to its own headings):
 * none for an item without a page.
 */
async function linksToItem(tx: Tx, key: ContentListKey, row: Row): Promise<LinkedFrom[]> {
  if (!TOP_LEVEL.includes(key)) return [];
  const self = staffPath(`content/${key}/${row.id}`);
  return (await linksToPath(tx, `/${String(row.slug)}`)).filter((place) => place.href !== self);
}

export type ItemDeleted =
  | { ok: true; version: string; label: string; entry: number }
  | { ok: false; status: 400 | 404; message: string }
  | { ok: false; status: 409; message: string; linkedFrom: LinkedFrom[] };

/** Deletes one item unless other content links to it (then the places are listed, and nothing changes). */
export async function deleteItem(db: Db, key: ContentListKey, id: number, actor: AuditActor): Promise<ItemDeleted> {
  const spec = LIST_SPECS[key];
  const table = tableOf(key);
  return db.transaction(async (tx) => {
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as Row[];
    if (!row) return { ok: false, status: 404, message: `That ${spec.noun} is no longer listed.` };
    const label = String(row[spec.titleField] ?? "");
    if (isFixedPage(key, row.slug))
      return {
        ok: false,
        status: 400,
        message: `“${label}” is one of the site's own pages: its navigation and links are built on it, so it is changed, never deleted.`,
      };
    const linkedFrom = await linksToItem(tx, key, row);
    if (key === "treatment") {
      const naming = await tx
        .select({ id: conditions.id, name: conditions.name })
        .from(conditions)
        .where(eq(conditions.treatmentSlug, String(row.slug)));
      linkedFrom.unshift(
        ...naming.map((c) => ({ label: `The condition “${c.name}”`, href: staffPath(`content/condition/${c.id}`) })),
      );
    }
    if (linkedFrom.length > 0)
      return {
        ok: false,
        status: 409,
        message: `“${label}” was not deleted: other content links to it. Change those links first.`,
        linkedFrom,
      };
    await tx.delete(table).where(eq(table.id, id));
    const entry = await audit(tx, actor, {
      action: "content_item_deleted",
      target: { type: key, id: String(id) },
      detail: {
        name: listName(key),
        label,
        before: { ...storedValuesOf(key, row), sortOrder: row.sortOrder },
      },
    });
    return { ok: true, version: await bumpContentVersion(tx), label, entry };
  });
}

export type ItemPublished =
  | { ok: true; changed: false; label: string }
  | { ok: true; changed: true; version: string; label: string; entry: number }
  | { ok: false; status: 400 | 404; message: string }
  | { ok: false; status: 409; message: string; linkedFrom: LinkedFrom[] };

/**
 * Unpublishes (visitors get 404, the sitemap and the lists drop it) or publishes again one item of a
 * publishable list (the pages). Refused for a fixed page, and an unpublishing while other content
 * links to the page (the places listed; a link would lead visitors to "not found"). Audited as a
 * change of `published`, so undo turns it round; published at once (a new content version).
 */
export async function setItemPublished(
  db: Db,
  key: ContentListKey,
  id: number,
  published: boolean,
  actor: AuditActor,
): Promise<ItemPublished> {
  const spec = LIST_SPECS[key];
  const table = tableOf(key);
  return db.transaction(async (tx) => {
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as Row[];
    if (!row || !spec.publishable) return { ok: false, status: 404, message: `That ${spec.noun} is no longer listed.` };
    const label = String(row[spec.titleField] ?? "");
    if (row.published === published) return { ok: true, changed: false, label };
    if (!published && isFixedPage(key, row.slug)) return { ok: false, status: 400, message: FIXED_PAGE_PUBLISHED_NOTE };
    if (!published) {
      const linkedFrom = await linksToItem(tx, key, row);
      if (linkedFrom.length > 0)
        return {
          ok: false,
          status: 409,
          message: `“${label}” was not unpublished: other content links to it, and those links would lead to a page that is not found. Change those links first.`,
          linkedFrom,
        };
    }
    await tx
      .update(table)
      .set({ published, updatedAt: new Date() } as never)
      .where(eq(table.id, id));
    const entry = await audit(tx, actor, {
      action: "content_item_changed",
      target: { type: key, id: String(id) },
      detail: { name: listName(key), label, before: { published: !published }, after: { published } },
    });
    return { ok: true, changed: true, version: await bumpContentVersion(tx), label, entry };
  });
}

/**
 * Undoes an item's audited change inside revertContentChange's transaction:
 * a change puts its `before` fields back, an addition deletes the item, a
 * deletion adds it again (a new id, at its old place). Audited as a new
 * entry with `revertOf`. Null when the entry cannot be undone any more.
 */
export async function undoItemChangeIn(
  tx: Tx,
  entry: {
    id: number;
    action: string;
    targetType: string | null;
    targetId: string | null;
    detail: Record<string, unknown>;
  },
  actor: AuditActor,
): Promise<{ changed: false } | { changed: true; version: string; fields: string[] } | null> {
  const key = entry.targetType as ContentListKey;
  const spec = LIST_SPECS[key];
  if (!spec) return null;
  const table = tableOf(key);
  const id = Number(entry.targetId);
  const row = Number.isSafeInteger(id) ? await findItem(tx, key, id) : null;
  const label = String(entry.detail.label ?? "");
  const before = (entry.detail.before ?? {}) as ItemValues;
  const columns = new Set([...spec.fields.map((f) => f.name), ...(EXTRA_COLUMNS[key] ?? [])]);
  const known = (values: ItemValues) => Object.fromEntries(Object.entries(values).filter(([k]) => columns.has(k)));
  if (entry.action === "content_item_changed") {
    if (!row) return null;
    const diff = changedFields(storedValuesOf(key, row), { ...storedValuesOf(key, row), ...known(before) });
    if (!diff) return { changed: false };
    // Unpublishing again (undoing a republishing) is refused as Unpublish is: a fixed page, or one linked to.
    if (diff.after.published === false && (isFixedPage(key, row.slug) || (await linksToItem(tx, key, row)).length > 0))
      return null;
    await tx
      .update(table)
      .set({ ...diff.after, ...("updatedAt" in row ? { updatedAt: new Date() } : {}) } as never)
      .where(eq(table.id, id));
    await redirectOldAddress(tx, key, diff, actor);
    await audit(tx, actor, {
      action: "content_item_changed",
      target: { type: key, id: String(id) },
      detail: { name: listName(key), label, ...diff, revertOf: entry.id },
    });
    return { changed: true, version: await bumpContentVersion(tx), fields: Object.keys(diff.after) };
  }
  if (entry.action === "content_item_added") {
    if (!row) return { changed: false };
    // A page added and linked to since stays (its links would lead to "not found").
    if (key === "pages" && (await linksToItem(tx, key, row)).length > 0) return null;
    await tx.delete(table).where(eq(table.id, id));
    await audit(tx, actor, {
      action: "content_item_deleted",
      target: { type: key, id: String(id) },
      detail: {
        name: listName(key),
        label,
        before: { ...storedValuesOf(key, row), sortOrder: row.sortOrder },
        revertOf: entry.id,
      },
    });
    return { changed: true, version: await bumpContentVersion(tx), fields: ["removed"] };
  }
  if (entry.action === "content_item_deleted") {
    const values = known(before);
    if (typeof values.slug === "string" && (await slugTaken(tx, key, values.slug, null))) return null;
    // Back at its old number: rows from there on move one down.
    const at = Number(before.sortOrder ?? 0);
    await tx
      .update(table)
      .set({ sortOrder: sql`${table.sortOrder} + 1` } as never)
      .where(sql`${table.sortOrder} >= ${at}`);
    const [added] = (await tx
      .insert(table)
      .values({ ...(key === "pages" ? NEW_PAGE : {}), ...values, sortOrder: at } as never)
      .returning({ id: table.id })) as { id: number }[];
    if (TOP_LEVEL.includes(key) && typeof values.slug === "string")
      await dropSlugRedirect(tx as unknown as Db, `/${values.slug}`, actor);
    await audit(tx, actor, {
      action: "content_item_added",
      target: { type: key, id: String(added!.id) },
      detail: { name: listName(key), label, after: values, revertOf: entry.id },
    });
    return { changed: true, version: await bumpContentVersion(tx), fields: ["restored"] };
  }
  return null;
}
