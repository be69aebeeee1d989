import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  searchConsoleImports,
  searchConsoleRows,
  type SearchConsoleImport,
  type SearchConsoleSearchType,
} from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { holdPreview, markPreviewSaved, takePreview } from "~/lib/held-previews.server";
import type { MetricRow } from "./parse-table.server";
import type { Period } from "~/lib/periods";
import type { ImportPlan } from "./plan-import.server";

/** How long a previewed upload waits to be saved. */
export const PENDING_MINUTES = 60;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (7 a row). */
const INSERT_BATCH = 2000;

/** The three that make an import one: the same again replaces it. */
export interface ImportKey {
  period: Period;
  searchType: SearchConsoleSearchType;
  scope: string;
}

const keyWhere = (key: ImportKey) =>
  and(
    eq(searchConsoleImports.periodStart, key.period.start),
    eq(searchConsoleImports.periodEnd, key.period.end),
    eq(searchConsoleImports.searchType, key.searchType),
    eq(searchConsoleImports.scope, key.scope),
  );

/** The import already stored for these three, if any (the preview says what saving would replace). */
export async function findImport(db: Db, key: ImportKey): Promise<SearchConsoleImport | undefined> {
  const [row] = await db.select().from(searchConsoleImports).where(keyWhere(key));
  return row;
}

/**
 * Holds a read upload until it is saved (or for PENDING_MINUTES): the
 * preview's "Save" posts only this id, so the files are not sent twice,
 * and any instance can save it (app/lib/held-previews.server.ts).
 */
export function holdPending(db: Db, userId: string, plan: ImportPlan, now = new Date()) {
  return holdPreview(db, "search-console", userId, plan, { minutes: PENDING_MINUTES, now });
}

export type SaveResult =
  | { ok: true; import: SearchConsoleImport; plan: ImportPlan | null; alreadySaved: boolean }
  | { ok: false; status: 404; message: string };

const summary = (
  row: Pick<SearchConsoleImport, "periodStart" | "periodEnd" | "searchType" | "scope" | "queryCount" | "pageCount">,
) => ({
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  searchType: row.searchType,
  scope: row.scope,
  queries: row.queryCount,
  pages: row.pageCount,
});

async function insertRows(tx: Db, importId: number, kind: "query" | "page", rows: MetricRow[]) {
  for (let at = 0; at < rows.length; at += INSERT_BATCH) {
    await tx.insert(searchConsoleRows).values(
      rows.slice(at, at + INSERT_BATCH).map((row) => ({
        importId,
        kind,
        key: row.key,
        clicks: row.clicks,
        impressions: row.impressions,
        ctr: row.ctr,
        position: row.position,
      })),
    );
  }
}

/**
 * Saves a previewed upload, all or nothing, in one transaction: the import
 * for its period, search type and scope is created or kept, the rows of
 * each kind the upload holds replace that kind's rows (a kind it lacks is
 * left as it was), and the change is audited with the counts before and
 * after. Saving the same preview twice stores it once.
 */
export async function saveImport(db: Db, pendingId: string, actor: AuditActor & { id: string }): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const held = await takePreview(tx, "search-console", pendingId, actor.id);
    const gone = {
      ok: false,
      status: 404,
      message: "This preview has expired or was never made. Upload the files again.",
    } as const;
    if (held.state === "gone") return gone;
    if (held.state === "saved") {
      const savedId = Number(held.savedRef);
      const [saved] = Number.isInteger(savedId)
        ? await tx.select().from(searchConsoleImports).where(eq(searchConsoleImports.id, savedId))
        : [];
      if (!saved)
        return { ok: false, status: 404, message: "This import was saved and has since been deleted." } as const;
      return { ok: true, import: saved, plan: null, alreadySaved: true } as const;
    }
    const plan = held.plan as ImportPlan;
    const key = { period: plan.period, searchType: plan.searchType, scope: plan.scope };

    const [before] = await tx.select().from(searchConsoleImports).where(keyWhere(key)).for("update");
    const [row] = await tx
      .insert(searchConsoleImports)
      .values({
        periodStart: plan.period.start,
        periodEnd: plan.period.end,
        searchType: plan.searchType,
        scope: plan.scope,
        sourceFiles: plan.files,
      })
      .onConflictDoUpdate({
        target: [
          searchConsoleImports.periodStart,
          searchConsoleImports.periodEnd,
          searchConsoleImports.searchType,
          searchConsoleImports.scope,
        ],
        set: { updatedAt: sql`now()` },
      })
      .returning();
    const importId = row!.id;
    const counts: { queryCount?: number; pageCount?: number } = {};
    for (const [kind, rows] of [
      ["query", plan.queries],
      ["page", plan.pages],
    ] as const) {
      if (!rows) continue;
      await tx
        .delete(searchConsoleRows)
        .where(and(eq(searchConsoleRows.importId, importId), eq(searchConsoleRows.kind, kind)));
      await insertRows(tx, importId, kind, rows);
      counts[kind === "query" ? "queryCount" : "pageCount"] = rows.length;
    }
    const sourceFiles = [...new Set([...(before?.sourceFiles ?? []), ...plan.files])];
    const [after] = await tx
      .update(searchConsoleImports)
      .set({ ...counts, sourceFiles })
      .where(eq(searchConsoleImports.id, importId))
      .returning();
    await markPreviewSaved(tx, pendingId, String(importId));
    await audit(tx, actor, {
      action: "search_console_imported",
      target: { type: "search_console_import", id: String(importId) },
      detail: { before: before ? summary(before) : null, after: summary(after!), files: plan.files },
    });
    return { ok: true, import: after!, plan, alreadySaved: false } as const;
  });
}

/** Deletes an import and its rows; false when it was already gone. Audited with what it held. */
export async function deleteImport(db: Db, id: number, actor: AuditActor): Promise<SearchConsoleImport | null> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(searchConsoleImports).where(eq(searchConsoleImports.id, id)).returning();
    if (!gone) return null;
    await audit(tx, actor, {
      action: "search_console_import_deleted",
      target: { type: "search_console_import", id: String(id) },
      detail: { before: summary(gone), after: null },
    });
    return gone;
  });
}

/** Every import, the latest period first, the whole site before its pages. */
export function listImports(db: Db): Promise<SearchConsoleImport[]> {
  return db
    .select()
    .from(searchConsoleImports)
    .orderBy(
      desc(searchConsoleImports.periodEnd),
      asc(searchConsoleImports.periodStart),
      asc(searchConsoleImports.searchType),
      asc(searchConsoleImports.scope),
    );
}
