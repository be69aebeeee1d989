import { and, desc, eq, inArray } from "drizzle-orm";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { auditLog, locations, siteContent, teamMembers, users } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { siteDefaults } from "~/features/content/site-content";
import type { ClinicValues } from "./content-rules";
import { changedFields, locationValuesOf, saveLocationIn, undoOfficeChangeIn } from "./offices-store.server";
import { saveTeamMemberIn, teamValuesOf, undoTeamAdditionOrDeletionIn } from "./team-store.server";
import { undoItemChangeIn } from "./content-lists.server";
import { isOrderedList, ORDERED_LISTS, restoreOrderIn } from "./reorder.server";

/**
 * The clinic's settings and its offices as staff edit them. Saving is
 * publishing: each change commits in one transaction with its audit entry
 * (the fields that changed, before and after) and a new content version,
 * which empties the page cache of this instance at once and of the others
 * at their next poll. A change is undone from its audit entry.
 */

export const CONTENT_ACTIONS = [
  "site_content_changed",
  "location_changed",
  "location_added",
  "location_deleted",
  "main_office_changed",
  "content_reordered",
  "content_item_added",
  "content_item_changed",
  "content_item_deleted",
  "team_member_changed",
  "team_member_added",
  "team_member_deleted",
] as const;
type ContentAction = (typeof CONTENT_ACTIONS)[number];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The office changes undone by undoOfficeChangeIn rather than by putting fields back. */
const OFFICE_ACTIONS = new Set<string>(["location_added", "location_deleted", "main_office_changed"]);

export function clinicValuesOf(row: typeof siteContent.$inferSelect | undefined): ClinicValues {
  return {
    clinicName: row?.clinicName ?? siteDefaults.clinicName,
    footerEmail: row?.footerEmail ?? siteDefaults.footerEmail,
    patientPortalUrl: row?.patientPortalUrl ?? null,
    virtualVisitUrl: row?.virtualVisitUrl ?? null,
    replyPromise: row?.replyPromise ?? siteDefaults.replyPromise,
    social: row?.social ?? {},
  };
}

export type ContentChange = { changed: false } | { changed: true; version: string; fields: string[] };

async function saveClinicIn(
  tx: Tx,
  values: ClinicValues,
  actor: AuditActor,
  revertOf?: number,
): Promise<ContentChange> {
  const [row] = await tx.select().from(siteContent).where(eq(siteContent.id, 1)).for("update");
  const diff = changedFields(clinicValuesOf(row), values);
  if (!diff) return { changed: false };
  await tx
    .insert(siteContent)
    .values({ id: 1, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteContent.id, set: { ...values, updatedAt: new Date() } });
  await audit(tx, actor, {
    action: "site_content_changed",
    target: { type: "site_content", id: "clinic" },
    detail: { ...diff, ...(revertOf ? { revertOf } : {}) },
  });
  return { changed: true, version: await bumpContentVersion(tx), fields: Object.keys(diff.after) };
}

/** Saves (publishes) the clinic's settings; the same values as saved change nothing. */
export function saveClinic(db: Db, values: ClinicValues, actor: AuditActor): Promise<ContentChange> {
  return db.transaction((tx) => saveClinicIn(tx, values, actor));
}

export type RevertResult =
  { ok: true; change: ContentChange; what: string } | { ok: false; status: 400 | 404; message: string };

/**
 * Puts back what one audited change replaced, as a new change (audited with
 * `revertOf`). Only the fields that change touched are put back; anything
 * changed since in other fields stays.
 */
export async function revertContentChange(db: Db, entryId: number, actor: AuditActor): Promise<RevertResult> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.id, entryId), inArray(auditLog.action, [...CONTENT_ACTIONS])));
    const before = entry?.detail.before as Record<string, unknown> | undefined;
    if (entry && entry.action.startsWith("content_item_")) {
      const change = await undoItemChangeIn(tx, entry, actor);
      const label = typeof entry.detail.label === "string" ? `“${entry.detail.label}”` : "the item";
      if (!change) return { ok: false, status: 404, message: `That change to ${label} can no longer be undone.` };
      return { ok: true, change, what: label };
    }
    if (entry && OFFICE_ACTIONS.has(entry.action)) {
      const undone = await undoOfficeChangeIn(tx, entry, actor);
      const was = (entry.detail.before as { mainOffice?: unknown } | undefined)?.mainOffice;
      // A main office's undo is about the office that is the main one again.
      const named = entry.action === "main_office_changed" ? was : entry.detail.name;
      const name = typeof named === "string" ? named : "The office";
      if (!undone) return { ok: false, status: 404, message: "That change is not in the content history." };
      if (!undone.ok) return { ok: false, status: 400, message: `That change cannot be undone: ${undone.message}` };
      return { ok: true, change: undone.change, what: name };
    }
    if (entry && (entry.action === "team_member_added" || entry.action === "team_member_deleted")) {
      const undone = await undoTeamAdditionOrDeletionIn(tx, entry, actor);
      const name = typeof entry.detail.name === "string" ? entry.detail.name : "the team member";
      if (!undone.ok) return { ok: false, status: 400, message: `That change cannot be undone: ${undone.message}` };
      return { ok: true, change: undone.change, what: name };
    }
    if (!entry || !before) return { ok: false, status: 404, message: "That change is not in the content history." };
    if ((entry.action as ContentAction) === "site_content_changed") {
      const [row] = await tx.select().from(siteContent).where(eq(siteContent.id, 1));
      const current = clinicValuesOf(row);
      const values = { ...current, ...pick(before, current) };
      return { ok: true, change: await saveClinicIn(tx, values, actor, entryId), what: "the clinic's settings" };
    }
    if ((entry.action as ContentAction) === "team_member_changed") return revertTeamChange(tx, entry, before, actor);
    if ((entry.action as ContentAction) === "content_reordered") {
      const list = entry.targetType ?? "";
      const ids = (before as { order?: unknown }).order;
      if (!isOrderedList(list) || !Array.isArray(ids))
        return { ok: false, status: 404, message: "That change is not in the content history." };
      const restored = await restoreOrderIn(tx, list, ids.map(Number), actor, entryId);
      const change: ContentChange = restored
        ? { changed: true, version: restored.version, fields: ["order"] }
        : { changed: false };
      return { ok: true, change, what: ORDERED_LISTS[list].name.replace(/^The /, "the ") };
    }
    const id = Number(entry.targetId);
    const [row] = await tx.select().from(locations).where(eq(locations.id, id));
    if (!row) return { ok: false, status: 404, message: "That office is no longer listed." };
    const current = locationValuesOf(row);
    const saved = await saveLocationIn(tx, id, { ...current, ...pick(before, current) }, actor, entryId);
    if (!saved.ok)
      return {
        ok: false,
        status: saved.status,
        message: `That change cannot be undone: ${"fields" in saved ? Object.values(saved.fields).join(" ") : saved.message}`,
      };
    return { ok: true, change: saved.change, what: row.name };
  });
}

/**
 * An Undo button's post: the entry it names reverted, then this instance's
 * page cache moved at once (and its redirect table, when an address moved);
 * the other instances follow at their poll. Null when `entry` is no entry id.
 */
export async function revertPosted(
  db: Db,
  services: Pick<ServerServices, "pageCache" | "redirects">,
  entry: string | undefined,
  actor: AuditActor,
): Promise<RevertResult | null> {
  const id = Number(entry);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const reverted = await revertContentChange(db, id, actor);
  if (!reverted.ok || !reverted.change.changed) return reverted;
  services.pageCache.contentChanged(reverted.change.version);
  // A moved address, or an office removed or put back, changes the redirect table (offices-store.server.ts).
  if (reverted.change.fields.some((f) => f === "slug" || f === "removed" || f === "restored"))
    await services.redirects.reload().catch(() => {});
  return reverted;
}

/**
 * A team member's change put back. A web address put back is typed (so it is
 * kept as it was, and the address it had since redirects to it); a photo,
 * office or insurer deleted since makes the undo refused with the reason.
 */
async function revertTeamChange(
  tx: Tx,
  entry: typeof auditLog.$inferSelect,
  before: Record<string, unknown>,
  actor: AuditActor,
): Promise<RevertResult> {
  const id = Number(entry.targetId);
  const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id));
  if (!row) return { ok: false, status: 404, message: "That team member is no longer listed." };
  const current = teamValuesOf(row);
  const saved = await saveTeamMemberIn(tx, id, { ...current, ...pick(before, current) }, actor, {
    slugTyped: true,
    revertOf: entry.id,
  });
  if (!saved.ok)
    return {
      ok: false,
      status: saved.status,
      message: `That change cannot be undone: ${Object.values(saved.fields).join(" ") || saved.message}`,
    };
  return { ok: true, change: saved.change, what: row.name };
}

/** Only the keys the current values have (an entry written by an older version may hold others). */
function pick<T extends object>(from: Record<string, unknown>, like: T): Partial<T> {
  return Object.fromEntries(Object.entries(from).filter(([key]) => key in like)) as Partial<T>;
}

export interface HistoryEntry {
  id: number;
  at: Date;
  by: string | null;
  action: ContentAction;
  /** The office's name, for an office's change. */
  place: string | null;
  fields: string[];
  revertOf: number | null;
}

/** The latest content changes, newest first, with who made them. */
export async function listContentHistory(db: Db, limit = 15): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ entry: auditLog, by: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(inArray(auditLog.action, [...CONTENT_ACTIONS]))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, by }) => ({
    id: entry.id,
    at: entry.at,
    by: by ?? entry.actorEmail,
    action: entry.action as ContentAction,
    place:
      typeof entry.detail.name === "string"
        ? entry.detail.name + (typeof entry.detail.label === "string" ? `: “${entry.detail.label}”` : "")
        : null,
    fields:
      entry.action === "content_item_deleted" ||
      entry.action === "location_deleted" ||
      entry.action === "team_member_deleted"
        ? ["removed"]
        : entry.action === "content_item_added" ||
            entry.action === "location_added" ||
            entry.action === "team_member_added"
          ? ["added"]
          : Object.keys((entry.detail.after as Record<string, unknown> | undefined) ?? {}),
    revertOf: typeof entry.detail.revertOf === "number" ? entry.detail.revertOf : null,
  }));
}
