import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/auth/audit.server";
import { formAnswer } from "~/lib/form-answer";
import {
  DELETE_ITEM_INTENT,
  isContentList,
  LIST_SPECS,
  SAVE_ITEM_INTENT,
  type ContentListKey,
  type ItemAnswer,
  type ItemPageData,
  type ListPageData,
} from "./content-lists";
import { parseItemForm } from "./content-lists-schema.server";
import { deleteItem, fieldChoices, findItem, itemValuesOf, listItems, saveItem } from "./content-lists.server";
import { FIELD_LABELS } from "./content-rules";
import type { MoveAnswer } from "./reorder";
import { runMoveAction } from "./reorder-action.server";

type Services = Pick<ServerServices, "pageCache" | "redirects">;

/** The list named in the address, or null (the route answers 404). */
export const contentListOf = (param: string | undefined): ContentListKey | null =>
  param && isContentList(param) ? param : null;

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
        row.published === false ? "Not shown on the website. " : row.featured === true ? "On the home page · " : "";
      const words =
        key === "insurer" || key === "condition" || key === "treatment"
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
  return { spec, id, values, images, choices: await fieldChoices(db, key) };
}

const fieldsWords = (fields: string[]) => fields.map((f) => FIELD_LABELS[f] ?? f).join(", ");

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
): Promise<{ status: number; answer: ItemAnswer | MoveAnswer; savedId?: number; deleted?: boolean }> {
  const moved = await runMoveAction(db, services, actor, values);
  if (moved) return moved;
  const spec = LIST_SPECS[key];
  const intent = values?.intent ?? "";
  const answer = (
    status: number,
    init: Omit<ItemAnswer, "answerId" | "intent" | "fields"> & { fields?: Record<string, string> },
  ) => ({
    status,
    answer: formAnswer<string, { intent: string; linkedFrom?: ItemAnswer["linkedFrom"] }>({ intent, ...init }),
  });
  const typed = values ?? {};
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
            : `Published: the ${spec.noun}'s ${fieldsWords(saved.fields)} changed on the website for every visitor.`,
      }),
      savedId: saved.id,
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
        message: `Deleted: “${deleted.label}” is no longer on the website. Undo it from the content history.`,
      }),
      deleted: true,
    };
  }
  return answer(400, { ok: false, message: "This form submission could not be understood." });
}
