import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formAnswer } from "~/lib/form-answer";
import {
  DELETE_ITEM_INTENT,
  fixedAddressNote,
  isContentList,
  isFixedPage,
  LIST_SPECS,
  PREVIEW_ITEM_INTENT,
  REPUBLISH_ITEM_INTENT,
  SAVE_ITEM_INTENT,
  UNDO_ITEM_INTENT,
  UNPUBLISH_ITEM_INTENT,
  type ContentListKey,
  type ItemAnswer,
  type ItemPageData,
  type ListPageData,
  type ListSpec,
} from "./content-lists";
import { parseItemForm } from "./content-lists-schema.server";
import {
  deleteItem,
  fieldChoices,
  findItem,
  itemValuesOf,
  listItems,
  saveItem,
  setItemPublished,
  uploadedImagePath,
} from "./content-lists.server";
import { revertPosted } from "./content-store.server";
import { FIELD_LABELS } from "./content-rules";
import { itemPreviewHtml } from "./item-preview.server";
import type { MoveAnswer } from "./reorder";
import { runMoveAction } from "./reorder-action.server";

type Services = Pick<ServerServices, "pageCache" | "redirects">;

/** The list named in the address, or null (the route answers 404). */
export const contentListOf = (param: string | undefined): ContentListKey | null =>
  param && isContentList(param) ? param : null;

/**
 * What the address says just happened (`?done=added&entry=41`, after a redirect): the confirmation to
 * show, with the audit entry its Undo reverts; undefined otherwise.
 */
export function confirmed(
  request: Request,
  what: "added" | "deleted" | "undone",
): { entry: number | null } | undefined {
  const query = new URL(request.url).searchParams;
  if (query.get("done") !== what) return undefined;
  const entry = Number(query.get("entry"));
  return { entry: Number.isSafeInteger(entry) && entry > 0 ? entry : null };
}

const shorten = (text: string, max = 110) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** /admin/content/:list — the items in order. */
export async function listPageData(db: Db, key: ContentListKey): Promise<ListPageData> {
  const spec = LIST_SPECS[key];
  const rows = await listItems(db, key);
  return {
    spec,
    rows: rows.map((row) => {
      const summaryField = spec.fields.find((f) => f.name !== spec.titleField && f.kind === "textarea");
      const hidden =
        row.published === false
          ? spec.publishable
            ? "Unpublished: visitors get “page not found” · "
            : "Not shown on the website. "
          : row.featured === true
            ? "On the home page · "
            : "";
      const words =
        key === "insurer" || key === "condition" || key === "treatment" || key === "pages"
          ? `/${String(row.slug)}`
          : String(row[summaryField?.name ?? ""] ?? "");
      return { id: row.id, title: String(row[spec.titleField] ?? ""), summary: hidden + shorten(words) };
    }),
  };
}

/** /admin/content/:list/:id (or /new) — one item's form; null when there is no such item. */
export async function itemPageData(db: Db, key: ContentListKey, id: number | null): Promise<ItemPageData | null> {
  const spec = LIST_SPECS[key];
  const row = id === null ? null : await findItem(db, key, id);
  if (id !== null && !row) return null;
  const stored = row ? itemValuesOf(spec, row) : {};
  const values: Record<string, string> = {};
  const images: Record<string, string | null> = {};
  for (const field of spec.fields) {
    const value = stored[field.name];
    if (field.kind === "image") images[field.name] = typeof value === "string" ? value : null;
    else if (field.kind === "checkbox") values[field.name] = row === null || value === true ? "on" : "";
    else if (field.kind === "rating") values[field.name] = String(value ?? 5);
    else values[field.name] = value === null || value === undefined ? "" : String(value);
  }
  const fixed = row !== null && isFixedPage(key, row.slug);
  return {
    spec,
    id,
    values,
    images,
    choices: await fieldChoices(db, key),
    ...(fixed ? { fieldNotes: { slug: fixedAddressNote(values.slug!) } } : {}),
    ...(spec.publishable && row ? { publishing: { published: row.published !== false, fixed } } : {}),
    deletable: row !== null && !fixed,
  };
}

/** The changed fields in words: the shared labels ("address"), else the list's own ("page content (markdown)"). */
const fieldsWords = (spec: ListSpec, fields: string[]) =>
  fields
    .map((f) => FIELD_LABELS[f] ?? spec.fields.find((field) => field.name === f)?.label.toLowerCase() ?? f)
    .join(", ");

/**
 * A posted form of a list page or an item's editor: save (add or change),
 * delete, or move. 400 with field messages and what was typed, 404 for an
 * item that is gone, 409 with the places that link to an item it refuses
 * to delete, 200 once published (this instance's page cache moved first).
 * `saved` tells the route where to go after adding (the new item's id).
 */
export async function runListAction(
  db: Db,
  services: Services,
  actor: AuditActor,
  key: ContentListKey,
  id: number | null,
  values: Record<string, string> | null,
): Promise<{
  status: number;
  answer: ItemAnswer | MoveAnswer;
  savedId?: number;
  /** The audit entry of an addition or a deletion, for the confirmation's Undo. */
  entry?: number;
  deleted?: boolean;
  /** An addition undone: the item's editor is gone. */
  undone?: boolean;
}> {
  const spec = LIST_SPECS[key];
  const moved = spec.unordered ? null : await runMoveAction(db, services, actor, values);
  if (moved) return moved;
  const intent = values?.intent ?? "";
  const answer = (
    status: number,
    init: Omit<ItemAnswer, "answerId" | "intent" | "fields"> & { fields?: Record<string, string> },
  ) => ({
    status,
    answer: formAnswer<string, { intent: string; linkedFrom?: ItemAnswer["linkedFrom"]; entry?: number }>({
      intent,
      ...init,
    }),
  });
  const typed = values ?? {};
  if (intent === UNPUBLISH_ITEM_INTENT || intent === REPUBLISH_ITEM_INTENT) {
    if (id === null || !spec.publishable)
      return answer(400, { ok: false, message: "This form submission could not be understood." });
    const published = intent === REPUBLISH_ITEM_INTENT;
    const done = await setItemPublished(db, key, id, published, actor);
    if (!done.ok)
      return answer(done.status, {
        ok: false,
        message: done.message,
        ...("linkedFrom" in done ? { linkedFrom: done.linkedFrom } : {}),
      });
    if (!done.changed)
      return answer(200, {
        ok: true,
        tone: "info",
        message: published ? `“${done.label}” is already published.` : `“${done.label}” is already unpublished.`,
      });
    services.pageCache.contentChanged(done.version);
    return {
      ...answer(200, {
        ok: true,
        message: published
          ? `Published again: “${done.label}” is on the website for every visitor.`
          : `Unpublished: visitors now get “page not found” at this address. You can still edit and preview the ${spec.noun}.`,
        entry: done.entry,
      }),
    };
  }
  if (intent === PREVIEW_ITEM_INTENT) {
    const parsed = parseItemForm(spec, typed, await fieldChoices(db, key));
    if (!parsed.ok)
      return answer(400, {
        ok: false,
        message:
          "The preview needs every field filled in as it would be published: please correct the highlighted fields.",
        fields: parsed.fields,
        values: typed,
      });
    const images: Record<string, string | null> = {};
    for (const field of spec.fields.filter((f) => f.kind === "image")) {
      const uploaded = typed[`${field.name}Image`] ?? "";
      const path = uploaded ? await uploadedImagePath(db, uploaded) : undefined;
      if (path !== undefined) images[field.name] = path;
      else if (typed[`${field.name}Remove`] === "on") images[field.name] = null;
    }
    const hidden =
      parsed.values.published === false ? " It stays off the website while “Show on the website” is off." : "";
    return answer(200, {
      ok: true,
      tone: "info",
      message: `This is the preview: nothing is published until you publish.${hidden}`,
      values: typed,
      preview: await itemPreviewHtml(db, key, id, parsed.values, images),
    });
  }
  if (intent === UNDO_ITEM_INTENT) {
    const reverted = await revertPosted(db, services, values?.entry, actor);
    if (!reverted) return answer(400, { ok: false, message: "This form submission could not be understood." });
    if (!reverted.ok) return answer(reverted.status, { ok: false, message: reverted.message });
    if (!reverted.change.changed)
      return answer(200, { ok: true, tone: "info", message: `Nothing to undo: ${reverted.what} is as it was.` });
    const removed = reverted.change.fields.includes("removed");
    return {
      ...answer(200, {
        ok: true,
        message: removed
          ? `Undone: ${reverted.what} is no longer on the website.`
          : reverted.change.fields.includes("restored")
            ? `Undone: ${reverted.what} is back on the website, in its old place.`
            : `Undone: ${reverted.what} is as it was before, for every visitor.`,
      }),
      undone: removed,
    };
  }
  if (intent === SAVE_ITEM_INTENT) {
    const parsed = parseItemForm(spec, typed, await fieldChoices(db, key));
    if (!parsed.ok)
      return answer(400, {
        ok: false,
        message: "Please correct the highlighted fields.",
        fields: parsed.fields,
        values: typed,
      });
    const saved = await saveItem(db, key, id, parsed.values, typed, actor);
    if (!saved.ok && saved.status === 400)
      return answer(400, {
        ok: false,
        message: "Please correct the highlighted fields.",
        fields: saved.fields,
        values: typed,
      });
    if (!saved.ok) return answer(404, { ok: false, message: saved.message });
    if (!saved.changed)
      return {
        ...answer(200, { ok: true, tone: "info", message: `Nothing changed: the ${spec.noun} already says this.` }),
        savedId: saved.id,
      };
    services.pageCache.contentChanged(saved.version);
    // A new address left a redirect (content-lists.server.ts): this instance reads the table now, the others at their poll.
    if (saved.fields.includes("slug")) await services.redirects.reload().catch(() => {});
    return {
      ...answer(200, {
        ok: true,
        message:
          id === null
            ? `Published: the new ${spec.noun} is on the website for every visitor.`
            : `Published: the ${spec.noun}'s ${fieldsWords(spec, saved.fields)} changed on the website for every visitor.`,
      }),
      savedId: saved.id,
      ...(id === null ? { entry: saved.entry } : {}),
    };
  }
  if (intent === DELETE_ITEM_INTENT) {
    const target = Number(values?.id ?? id);
    if (!Number.isSafeInteger(target) || target <= 0)
      return answer(400, { ok: false, message: "This form submission could not be understood." });
    const deleted = await deleteItem(db, key, target, actor);
    if (!deleted.ok)
      return answer(deleted.status, {
        ok: false,
        message: deleted.message,
        ...("linkedFrom" in deleted ? { linkedFrom: deleted.linkedFrom } : {}),
      });
    services.pageCache.contentChanged(deleted.version);
    return {
      ...answer(200, {
        ok: true,
        message: `Deleted: “${deleted.label}” is no longer on the website.`,
      }),
      deleted: true,
      entry: deleted.entry,
    };
  }
  return answer(400, { ok: false, message: "This form submission could not be understood." });
}
