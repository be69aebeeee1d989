import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { auditActions, type AuditAction } from "~/features/auth/audit.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { AUDIT_PAGE_SIZE, NO_ACCOUNT, type AuditFilters } from "./audit-filters";
import { auditActionLabel, auditActionLabels, auditTargetWords, summariseAuditDetail } from "./audit-labels";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE = 1_000_000;

/** Reads the filters from the query string; anything not understood is simply not applied. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("action") ?? "";
  const user = params.get("user") ?? "";
  const page = Number(params.get("page"));
  return {
    action: (auditActions as readonly string[]).includes(action) ? action : undefined,
    user: user === NO_ACCOUNT || UUID.test(user) ? user.toLowerCase() : undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export interface AuditRow {
  id: number;
  at: string;
  /** "Mar 10, 2026, 3:04 PM" in clinic time. */
  atText: string;
  /**
   * Who acted: an account (its name now, and the address it had then), or
   * (typed) only the address typed at a sign-in that was not let in; null
   * when neither is known.
   */
  who: { name: string | null; email: string | null; typed: boolean } | null;
  action: string;
  actionLabel: string;
  target: string | null;
  ip: string;
  detail: string;
}

export interface AuditPage {
  entries: AuditRow[];
  total: number;
  /** The page shown (a page past the end shows the last one). */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last entry shown (0 and 0 when there are none). */
  from: number;
  to: number;
}

function conditions(filters: AuditFilters): SQL | undefined {
  return and(
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.user === NO_ACCOUNT
      ? isNull(auditLog.actorId)
      : filters.user
        ? eq(auditLog.actorId, filters.user)
        : undefined,
  );
}

/**
 * One page of the trail, newest first (the at index; the actor index when
 * filtered by person). Read-only: nothing here or on the page changes an entry.
 */
export async function listAuditEntries(db: Db, filters: AuditFilters, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const where = conditions(filters);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page, pageCount);

  // The page's entries first (on the at index), then their names: the joins touch 50 rows, not the trail.
  const shown = db
    .select()
    .from(auditLog)
    .where(where)
    // "nulls last" as the index has it (at is never null), so the planner walks the index.
    .orderBy(sql`${auditLog.at} desc nulls last`, desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("shown");
  const actor = alias(users, "actor");
  const targetUser = alias(users, "target_user");
  const rows = await db
    .select({
      id: shown.id,
      at: shown.at,
      actorId: shown.actorId,
      actorEmail: shown.actorEmail,
      actorName: actor.name,
      action: shown.action,
      targetType: shown.targetType,
      targetId: shown.targetId,
      targetName: targetUser.name,
      ip: shown.ip,
      detail: shown.detail,
    })
    .from(shown)
    .leftJoin(actor, eq(actor.id, shown.actorId))
    .leftJoin(targetUser, and(eq(shown.targetType, "user"), eq(sql`${targetUser.id}::text`, shown.targetId)))
    .orderBy(desc(shown.at), desc(shown.id));

  const entries = rows.map((row): AuditRow => ({
    id: row.id,
    at: row.at.toISOString(),
    atText: formatClinicDateTime(row.at),
    who:
      row.actorId || row.actorEmail
        ? { name: row.actorId ? row.actorName : null, email: row.actorEmail, typed: !row.actorId }
        : null,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    target: auditTargetWords(row.targetType, row.targetId, row.targetName),
    ip: row.ip,
    detail: summariseAuditDetail(row.detail),
  }));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { entries, total, page, pageCount, from, to: total === 0 ? 0 : from + entries.length - 1 };
}

export interface Option {
  value: string;
  label: string;
}

/** The actions to filter by, in the order the trail's list names them. */
export function auditActionOptions(): Option[] {
  return auditActions.map((action: AuditAction) => ({ value: action, label: auditActionLabels[action] }));
}

/** Everyone who has an account (switched off ones too: their past entries stay), by name. */
export async function auditPeople(db: Db): Promise<Option[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((u) => ({
    value: u.id,
    label: `${u.name} (${u.email})${u.disabledAt ? " — switched off" : ""}`,
  }));
}
