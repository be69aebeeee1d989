import { asc, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { conditions, faqItems, insuranceProviders, teamMembers, testimonials, treatments } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import type { MoveTo } from "./reorder";

/**
 * The reordering kit (issue 19): moves one row of an ordered content list
 * up, down or to a position, as a published content change.
 *
 * API, for any list with `id` and `sort_order` columns:
 *   1. Name the list in ORDERED_LISTS below (a key, its table, the words the
 *      history shows, the column that names a row), e.g.
 *      `team: { table: teamMembers, name: "The team", label: teamMembers.name }`.
 *   2. Render <OrderedList list="team" …> (components/ordered-list.tsx); its
 *      buttons post `intent=move&list=team&id=7&to=up` to the page's action.
 *   3. In the action, `runMoveAction(db, services, actor, values)`
 *      (reorder-action.server.ts) answers that post: it reads the form, moves
 *      the row (`moveInList`), moves this instance's page cache and says the
 *      new position ("… is now 3 of 7."). It returns null for any other post.
 *   4. Undo needs nothing more: the entry (`content_reordered`, its before and
 *      after order as ids) is in CONTENT_ACTIONS, and revertContentChange puts
 *      the old order back through `restoreOrderIn`.
 *
 * One transaction holds the whole list's rows (FOR UPDATE, so two people
 * moving at once queue rather than interleave), renumbers them 0..n-1 (only
 * the rows whose number changes are written), writes one audit entry and
 * bumps the content version.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A table the kit can order: a serial `id` and an integer `sortOrder`. */
export type OrderedTable = PgTable & { id: PgColumn; sortOrder: PgColumn };

export const ORDERED_LISTS = {
  faq: { table: faqItems, name: "The FAQ", label: faqItems.question },
  testimonial: { table: testimonials, name: "The testimonials", label: testimonials.author },
  insurer: { table: insuranceProviders, name: "The insurance providers", label: insuranceProviders.name },
  condition: { table: conditions, name: "The conditions", label: conditions.name },
  treatment: { table: treatments, name: "The treatments and services", label: treatments.title },
  team: { table: teamMembers, name: "The team", label: teamMembers.name },
} satisfies Record<string, { table: OrderedTable; name: string; label: PgColumn }>;
export type OrderedListKey = keyof typeof ORDERED_LISTS;

export const isOrderedList = (key: string): key is OrderedListKey => Object.hasOwn(ORDERED_LISTS, key);

export type MoveResult =
  | { found: false }
  | { found: true; changed: false; label: string; position: number; count: number }
  | { found: true; changed: true; label: string; position: number; count: number; version: string };

/** The list's ids in their order, locked until the transaction ends. */
async function lockedOrder(tx: Tx, table: OrderedTable): Promise<{ id: number; sortOrder: number }[]> {
  const rows = await tx
    .select({ id: table.id, sortOrder: table.sortOrder })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.id))
    .for("update");
  return rows as { id: number; sortOrder: number }[];
}

/** Writes `ids` as the order (0..n-1), touching only rows whose number changes. */
async function writeOrder(tx: Tx, table: OrderedTable, rows: { id: number; sortOrder: number }[], ids: number[]) {
  const had = new Map(rows.map((r) => [r.id, r.sortOrder]));
  for (const [index, id] of ids.entries()) {
    if (had.get(id) === index) continue;
    // The generic table's update type is not known here; the column is the table's own.
    await tx
      .update(table)
      .set({ sortOrder: index } as never)
      .where(eq(table.id, id));
  }
}

/** Where `to` puts a row now at `from` (0-based) in a list of `count`. */
export function targetIndex(from: number, to: MoveTo, count: number): number {
  const wanted =
    to === "up" ? from - 1 : to === "down" ? from + 1 : to === "first" ? 0 : to === "last" ? count - 1 : to - 1;
  return Math.min(Math.max(wanted, 0), count - 1);
}

/** Moves one row inside the caller's transaction (see moveInList). */
export async function moveInListIn(
  tx: Tx,
  move: { list: OrderedListKey; id: number; to: MoveTo },
  actor: AuditActor,
): Promise<MoveResult> {
  const { table, name, label: labelColumn } = ORDERED_LISTS[move.list];
  const rows = await lockedOrder(tx, table);
  const ids = rows.map((r) => r.id);
  const from = ids.indexOf(move.id);
  if (from < 0) return { found: false };
  const [named] = await tx.select({ label: labelColumn }).from(table).where(eq(table.id, move.id));
  const label = String(named?.label ?? "");
  const to = targetIndex(from, move.to, ids.length);
  if (to === from && rows.every((r, i) => r.sortOrder === i))
    return { found: true, changed: false, label, position: from + 1, count: ids.length };
  const order = ids.filter((id) => id !== move.id);
  order.splice(to, 0, move.id);
  await writeOrder(tx, table, rows, order);
  await audit(tx, actor, {
    action: "content_reordered",
    target: { type: move.list, id: String(move.id) },
    detail: {
      name,
      label,
      position: { before: from + 1, after: to + 1 },
      before: { order: ids },
      after: { order },
    },
  });
  return {
    found: true,
    changed: true,
    label,
    position: to + 1,
    count: ids.length,
    version: await bumpContentVersion(tx),
  };
}

/**
 * Moves one row of a list up, down, first, last or to a 1-based position,
 * published and audited in one transaction. The entry names the row by the
 * list's label column (a question, an insurer's name).
 */
export function moveInList(
  db: Db,
  move: { list: OrderedListKey; id: number; to: MoveTo },
  actor: AuditActor,
): Promise<MoveResult> {
  return db.transaction((tx) => moveInListIn(tx, move, actor));
}

/**
 * Puts a list back in an order an audit entry kept (an undo): the ids still
 * listed in that order, then any added since in their present order. Audited
 * as a new `content_reordered` entry with `revertOf`. Null when nothing moves.
 */
export async function restoreOrderIn(
  tx: Tx,
  list: OrderedListKey,
  ids: number[],
  actor: AuditActor,
  revertOf: number,
): Promise<{ version: string } | null> {
  const { table, name } = ORDERED_LISTS[list];
  const rows = await lockedOrder(tx, table);
  const now = rows.map((r) => r.id);
  const order = [...ids.filter((id) => now.includes(id)), ...now.filter((id) => !ids.includes(id))];
  if (order.every((id, i) => now[i] === id)) return null;
  await writeOrder(tx, table, rows, order);
  await audit(tx, actor, {
    action: "content_reordered",
    target: { type: list, id: "" },
    detail: { name, label: null, before: { order: now }, after: { order }, revertOf },
  });
  return { version: await bumpContentVersion(tx) };
}
