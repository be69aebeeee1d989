import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, leadEvents, leads, users, type LeadStatus } from "~/db/schema";
import { permissions } from "~/features/auth/access";
import type { AuditAction, AuditActor } from "~/features/auth/audit.server";
import { statusWords } from "~/features/leads/lead-words";
import type { LeadActionOf } from "./lead-record-schema";
import { conflictWords } from "./timeline-words";

/**
 * The changes staff make on a lead's page. Each is ONE statement (a
 * data-modifying CTE): the change, its timeline event and its audit entry
 * commit together or not at all, and nothing is read first and written
 * after. One statement rather than a transaction, as leads.server.ts
 * explains: on PGlite a transaction holds the only connection across its
 * round trips. Status, assignment and the duplicate mark are versioned: the
 * UPDATE only matches the version the page was drawn from, so a change made
 * meanwhile by someone else is a conflict, never silently overwritten.
 * Audit entries hold ids and codes only: never a reason, a note or a name.
 */

/** Someone signed in, as the audit trail records them (an id: every change here has a person behind it). */
export type LeadActor = AuditActor & { id: string };

/** How a change ended: done, no such lead, another person's change came first, or refused (a 400 on a field). */
export type ChangeOutcome =
  | { kind: "done"; message: string }
  | { kind: "missing" }
  | { kind: "conflict"; what: string; yours: string }
  | { kind: "refused"; field: "status" | "at" | "assignee" | "target"; message: string };

const CONTACT_STATUSES: readonly LeadStatus[] = ["contacted", "scheduled", "patient"];
const LEAD_DETAIL_ROLES = permissions["lead-details"];

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The audit entry of a change, as the tail of a CTE: one row per row of `from` (whose `id` is the lead's). */
function auditFrom(actor: LeadActor, action: AuditAction, from: string, detail: SQL, now: Date) {
  return sql`insert into ${auditLog} (at, actor_id, actor_email, action, target_type, target_id, ip, detail)
    select ${ts(now)}, ${actor.id}::uuid, ${actor.email?.slice(0, 254) ?? null}, ${action}, 'lead', id::text, ${actor.ip}, ${detail}
    from ${sql.identifier(from)}`;
}

/** The timeline event of a change, as the tail of a CTE (`from` gives `id`, and `at` when `at` is null). */
function eventFrom(actor: LeadActor, kind: string, from: string, detail: SQL, at: Date | null) {
  return sql`insert into ${leadEvents} (lead_id, at, actor_id, kind, detail)
    select id, ${at ? ts(at) : sql.raw("at")}, ${actor.id}::uuid, ${kind}, ${detail}
    from ${sql.identifier(from)}`;
}

async function firstRow<T>(db: Db, query: SQL): Promise<T | undefined> {
  // Both drivers answer { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/**
 * What the other person did, in words: the newest versioned event and the
 * names it needs. Read only after a change was refused, so it is never part
 * of a write.
 */
async function conflictWith(
  db: Db,
  leadId: string,
  now: Date,
  yours: (names: ReadonlyMap<string, string>) => string,
): Promise<ChangeOutcome> {
  const [[event], staff] = await Promise.all([
    db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, leadId), inArray(leadEvents.kind, ["status", "assigned", "duplicate"])))
      .orderBy(desc(leadEvents.at), desc(leadEvents.id))
      .limit(1),
    db.select({ id: users.id, name: users.name }).from(users),
  ]);
  const names = new Map(staff.map((u) => [u.id, u.name]));
  return { kind: "conflict", what: conflictWords(event, names, now), yours: yours(names) };
}

/**
 * Moves the lead along its pipeline. Reaching contacted, scheduled or patient
 * ends the wait (first contact) if nothing did before; the first time it is
 * scheduled, and becomes a patient, are kept (a patient was scheduled too).
 * Leaving "duplicate" clears the duplicate mark.
 */
export async function changeStatus(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"status">,
  now = new Date(),
): Promise<ChangeOutcome> {
  const to = input.status;
  const reaches = (statuses: readonly LeadStatus[]) => sql`${to} in (${list(statuses)})`;
  const row = await firstRow<{ status: LeadStatus; version: number; changed: number }>(
    db,
    sql`with prior as (
      select id, status, version from ${leads} where id = ${leadId}
    ), changed as (
      update ${leads} l set
        status = ${to},
        first_contacted_at = case when ${reaches(CONTACT_STATUSES)} then coalesce(l.first_contacted_at, ${ts(now)}) else l.first_contacted_at end,
        scheduled_at = case when ${reaches(["scheduled", "patient"])} then coalesce(l.scheduled_at, ${ts(now)}) else l.scheduled_at end,
        became_patient_at = case when ${to} = 'patient' then coalesce(l.became_patient_at, ${ts(now)}) else l.became_patient_at end,
        duplicate_of = case when ${to} = 'duplicate' then l.duplicate_of end,
        status_changed_at = ${ts(now)},
        version = l.version + 1
      from prior
      where l.id = prior.id and l.version = ${input.version} and l.status <> ${to}
      returning l.id, prior.status as from_status
    ), event as (
      ${eventFrom(actor, "status", "changed", sql`jsonb_strip_nulls(jsonb_build_object('from', from_status, 'to', ${to}::text, 'reason', ${input.reason}::text))`, now)}
    ), audited as (
      ${auditFrom(actor, "lead_status_changed", "changed", sql`jsonb_build_object('from', from_status, 'to', ${to}::text)`, now)}
    )
    select status, version, (select count(*) from changed)::int as changed from prior`,
  );
  if (!row) return { kind: "missing" };
  if (row.changed > 0) return { kind: "done", message: `The status is now ${statusWords[to]}.` };
  if (row.version === input.version && row.status === to)
    return { kind: "refused", field: "status", message: `It is already ${statusWords[to]}.` };
  // An older version, or (on PostgreSQL) a change committed after this statement's snapshot.
  return conflictWith(db, leadId, now, () => `Your change (to ${statusWords[to]}) was not saved.`);
}

/**
 * Logs an attempt to reach the person. The first attempt, answered or not,
 * ends the wait: first contact becomes the earliest attempt logged. Appending
 * is no conflict, so the version stays. `at` (when it happened) may not be
 * before the request arrived (the minute it arrived is allowed: the field
 * has no seconds) nor in the future.
 */
export async function logContact(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"contact">,
  now = new Date(),
): Promise<ChangeOutcome> {
  const at = input.at ?? now;
  if (at.getTime() > now.getTime())
    return { kind: "refused", field: "at", message: "That time is still to come: enter when it happened." };
  const row = await firstRow<{ created_at: string | Date; done: number }>(
    db,
    sql`with target as (
      select id, created_at from ${leads} where id = ${leadId}
    ), touched as (
      update ${leads} l set first_contacted_at = least(l.first_contacted_at, greatest(${ts(at)}, target.created_at))
      from target
      where l.id = target.id and ${ts(at)} >= date_trunc('minute', target.created_at)
      returning l.id, greatest(${ts(at)}, target.created_at) as at
    ), event as (
      ${eventFrom(actor, "contact", "touched", sql`jsonb_strip_nulls(jsonb_build_object('method', ${input.method}::text, 'outcome', ${input.outcome}::text, 'note', ${input.note}::text))`, null)}
    ), audited as (
      ${auditFrom(actor, "lead_contact_logged", "touched", sql`jsonb_build_object('method', ${input.method}::text, 'outcome', ${input.outcome}::text)`, now)}
    )
    select created_at, (select count(*) from touched)::int as done from target`,
  );
  if (!row) return { kind: "missing" };
  if (row.done === 0)
    return { kind: "refused", field: "at", message: "That is before the request arrived: enter when it happened." };
  return { kind: "done", message: "The contact attempt is logged." };
}

/** Gives the lead to a staff member who may see it (active, with lead details), or to nobody. */
export async function assignLead(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"assign">,
  now = new Date(),
): Promise<ChangeOutcome> {
  const to = input.assignee ? input.assignee.toLowerCase() : null;
  const row = await firstRow<{
    assigned_to: string | null;
    version: number;
    changed: number;
    eligible: number;
    name: string | null;
  }>(
    db,
    sql`with prior as (
      select id, assigned_to, version from ${leads} where id = ${leadId}
    ), eligible as (
      select ${to}::uuid as user_id, (select name from ${users} where id = ${to}::uuid) as name
      where ${to}::uuid is null or exists (
        select 1 from ${users}
        where id = ${to}::uuid and disabled_at is null and roles && array[${list(LEAD_DETAIL_ROLES)}]::text[]
      )
    ), changed as (
      update ${leads} l set assigned_to = eligible.user_id, version = l.version + 1
      from prior, eligible
      where l.id = prior.id and l.version = ${input.version} and l.assigned_to is distinct from eligible.user_id
      returning l.id, prior.assigned_to as from_id, eligible.user_id as to_id
    ), event as (
      ${eventFrom(actor, "assigned", "changed", sql`jsonb_build_object('from', from_id, 'to', to_id)`, now)}
    ), audited as (
      ${auditFrom(actor, "lead_assigned", "changed", sql`jsonb_build_object('from', from_id, 'to', to_id)`, now)}
    )
    select assigned_to, version, (select count(*) from changed)::int as changed,
      (select count(*) from eligible)::int as eligible, (select name from eligible) as name
    from prior`,
  );
  if (!row) return { kind: "missing" };
  if (row.eligible === 0)
    return { kind: "refused", field: "assignee", message: "Choose someone from the list, or Nobody." };
  if (row.changed > 0)
    return {
      kind: "done",
      message: row.name ? `The lead is assigned to ${row.name}.` : "The lead is assigned to nobody now.",
    };
  if (row.version === input.version && row.assigned_to === to)
    return {
      kind: "refused",
      field: "assignee",
      message: row.name ? `It is already assigned to ${row.name}.` : "It is already assigned to nobody.",
    };
  return conflictWith(
    db,
    leadId,
    now,
    (names) => `Your change (assigning it to ${(to && names.get(to)) || "nobody"}) was not saved.`,
  );
}

/** Adds a note to the timeline; the audit trail records that a note was added, never what it says. */
export async function addNote(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"note">,
  now = new Date(),
): Promise<ChangeOutcome> {
  const row = await firstRow<{ done: number }>(
    db,
    sql`with target as (
      select id from ${leads} where id = ${leadId}
    ), added as (
      ${eventFrom(actor, "note", "target", sql`jsonb_build_object('text', ${input.text}::text)`, now)}
      returning lead_id as id
    ), audited as (
      ${auditFrom(actor, "lead_note_added", "added", sql`'{}'::jsonb`, now)}
    )
    select (select count(*) from added)::int as done`,
  );
  if (!row || row.done === 0) return { kind: "missing" };
  return { kind: "done", message: "The note is added." };
}

/**
 * Marks this lead as a duplicate of another (its status becomes duplicate).
 * Refused for itself, for an unknown lead, and for a lead already marked as
 * a duplicate of this one (two leads pointing at each other leave no original).
 */
export async function markDuplicate(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"duplicate">,
  now = new Date(),
): Promise<ChangeOutcome> {
  if (input.target.toLowerCase() === leadId.toLowerCase())
    return { kind: "refused", field: "target", message: "A lead cannot be a duplicate of itself." };
  const row = await firstRow<{
    version: number;
    duplicate_of: string | null;
    changed: number;
    found: number;
    original_of: string | null;
  }>(
    db,
    sql`with prior as (
      select id, status, version, duplicate_of from ${leads} where id = ${leadId}
    ), original as (
      select id, duplicate_of from ${leads} where id = ${input.target}
    ), changed as (
      update ${leads} l set duplicate_of = original.id, status = 'duplicate', status_changed_at = ${ts(now)}, version = l.version + 1
      from prior, original
      where l.id = prior.id and l.version = ${input.version}
        and original.duplicate_of is distinct from l.id and l.duplicate_of is distinct from original.id
      returning l.id, prior.status as from_status, original.id as original_id
    ), event as (
      ${eventFrom(actor, "duplicate", "changed", sql`jsonb_build_object('target', original_id, 'from', from_status)`, now)}
    ), audited as (
      ${auditFrom(actor, "lead_marked_duplicate", "changed", sql`jsonb_build_object('duplicateOf', original_id)`, now)}
    )
    select version, duplicate_of, (select count(*) from changed)::int as changed,
      (select count(*) from original)::int as found, (select duplicate_of from original) as original_of
    from prior`,
  );
  if (!row) return { kind: "missing" };
  if (row.found === 0)
    return { kind: "refused", field: "target", message: "That lead was not found. It may have been deleted." };
  if (row.changed > 0) return { kind: "done", message: "The lead is marked as a duplicate." };
  if (row.original_of === leadId)
    return {
      kind: "refused",
      field: "target",
      message: "That lead is marked as a duplicate of this one, so this one cannot be its duplicate.",
    };
  if (row.version === input.version && row.duplicate_of === input.target.toLowerCase())
    return { kind: "refused", field: "target", message: "It is already marked as a duplicate of that lead." };
  return conflictWith(db, leadId, now, () => "Your change (marking it as a duplicate) was not saved.");
}

/**
 * Deletes the lead for good (the person asked, or it was a mistake): its
 * timeline and its notification go with it (cascade), leads marked as its
 * duplicates lose the mark (set null). The audit entry keeps the lead's id
 * and the reason chosen, nothing about the person.
 */
export async function deleteLead(
  db: Db,
  actor: LeadActor,
  leadId: string,
  input: LeadActionOf<"delete">,
  now = new Date(),
): Promise<ChangeOutcome> {
  const row = await firstRow<{ done: number }>(
    db,
    sql`with gone as (
      delete from ${leads} where id = ${leadId} returning id
    ), audited as (
      ${auditFrom(actor, "lead_deleted", "gone", sql`jsonb_build_object('reason', ${input.deletionReason}::text)`, now)}
    )
    select (select count(*) from gone)::int as done`,
  );
  if (!row || row.done === 0) return { kind: "missing" };
  return { kind: "done", message: "The lead was deleted." };
}
