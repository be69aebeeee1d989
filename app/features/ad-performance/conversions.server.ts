import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adConversionExports, type AdConversionKind } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time";
import { CLICK_WINDOW_DAYS } from "./report-format";
import {
  CLICK_ID,
  conversionFile,
  type ClickIdType,
  type ConversionLine,
  type ConversionSettings,
} from "./conversion-file";

/** The conversion times are written in the clinic's time zone (Google's template names it on its first line). */
export const CONVERSION_TIME_ZONE = CLINIC_TIME_ZONE;

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A lead's outcome that could go back to Google: its click id and when it happened. */
export interface Candidate extends ConversionLine {
  leadId: string;
  exportedBefore: boolean;
}

/** What a period holds: the conversions a file would carry, and what is left out and why (counts only). */
export interface ConversionCheck {
  candidates: Candidate[];
  /** Left out because a file made earlier carried them (unless staff ask for them again). */
  exportedBefore: number;
  /** Left out: reached more than 90 days after the click, which Google no longer takes. */
  tooLate: number;
  /** Left out: the click id the browser sent is not one of Google's. */
  unreadable: number;
}

/**
 * The leads that reached `kinds` (scheduled, became a patient) within
 * [start, end) and came from a Google click (gclid, or gbraid/wbraid on
 * iOS), spam and duplicates left out. Only ids, times and click ids are
 * read: never a name or contact.
 */
export async function checkConversions(
  db: Db,
  period: { start: Date; end: Date },
  kinds: readonly AdConversionKind[],
  includeEarlier: boolean,
): Promise<ConversionCheck> {
  const outcome = (kind: AdConversionKind, column: string) => sql`
    select id, ${kind}::text as kind, ${sql.raw(column)} as at, created_at,
      attribution->>'gclid' as gclid, attribution->>'gbraid' as gbraid, attribution->>'wbraid' as wbraid
    from leads
    where ${sql.raw(column)} >= ${period.start.toISOString()}::timestamptz and ${sql.raw(column)} < ${period.end.toISOString()}::timestamptz
      and status not in ('spam', 'duplicate') and attribution ?| array['gclid', 'gbraid', 'wbraid']`;
  const parts = kinds.map((kind) => outcome(kind, kind === "scheduled" ? "scheduled_at" : "became_patient_at"));
  if (parts.length === 0) return { candidates: [], exportedBefore: 0, tooLate: 0, unreadable: 0 };
  const rows = await rowsOf(
    db,
    sql`select c.*, exists (select 1 from ad_exported_conversions e where e.lead_id = c.id and e.kind = c.kind) as exported
    from (${sql.join(parts, sql` union all `)}) c
    order by c.at, c.id`,
  );
  const check: ConversionCheck = { candidates: [], exportedBefore: 0, tooLate: 0, unreadable: 0 };
  for (const row of rows) {
    const click = (["gclid", "gbraid", "wbraid"] as const)
      .map((type) => ({ type, id: row[type] as string | null }))
      .find(({ id }) => typeof id === "string" && CLICK_ID.test(id));
    if (!click) {
      check.unreadable += 1;
      continue;
    }
    const at = new Date(row.at as string);
    const clickAt = new Date(row.created_at as string);
    if (at.getTime() - clickAt.getTime() > CLICK_WINDOW_DAYS * 86_400_000) {
      check.tooLate += 1;
      continue;
    }
    const exported = Boolean(row.exported);
    if (exported && !includeEarlier) {
      check.exportedBefore += 1;
      continue;
    }
    check.candidates.push({
      leadId: row.id as string,
      kind: row.kind as AdConversionKind,
      clickType: click.type as ClickIdType,
      clickId: click.id!,
      at,
      exportedBefore: exported,
    });
  }
  return check;
}

export type PrepareResult =
  { ok: true; exportId: number; rows: number; check: ConversionCheck } | { ok: false; check: ConversionCheck };

/**
 * Makes a file: records which leads' outcomes it carries (so the next file
 * leaves them out), with the settings, in one transaction with its audit
 * entry (counts, days and names; no click id). Two at once wait for each
 * other, so no outcome goes into two new files. Nothing is recorded when
 * there is nothing to send.
 */
export async function prepareExport(
  db: Db,
  actor: AuditActor & { id: string },
  input: { from: string; to: string; start: Date; end: Date; settings: ConversionSettings; includeEarlier: boolean },
): Promise<PrepareResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ad-conversion-exports'))`);
    const check = await checkConversions(tx, input, input.settings.kinds, input.includeEarlier);
    if (check.candidates.length === 0) return { ok: false, check } as const;
    const { settings } = input;
    const [made] = await tx
      .insert(adConversionExports)
      .values({
        userId: actor.id,
        periodStart: input.from,
        periodEnd: input.to,
        settings: {
          kinds: settings.kinds,
          names: settings.names,
          values: settings.values,
          currency: settings.currency,
        },
        rowCount: check.candidates.length,
        includedEarlier: input.includeEarlier,
      })
      .returning({ id: adConversionExports.id });
    const rows = check.candidates;
    await tx.execute(sql`insert into ad_exported_conversions (export_id, lead_id, kind)
      select ${made!.id}::int, r.lead_id, r.kind
      from unnest(${sql.param(rows.map((r) => r.leadId))}::uuid[], ${sql.param(rows.map((r) => r.kind))}::text[]) as r(lead_id, kind)`);
    const count = (kind: AdConversionKind) => rows.filter((r) => r.kind === kind).length;
    await audit(tx, actor, {
      action: "ad_conversions_exported",
      target: { type: "ad_conversion_export", id: String(made!.id) },
      detail: {
        periodStart: input.from,
        periodEnd: input.to,
        rows: rows.length,
        scheduled: count("scheduled"),
        patients: count("patient"),
        includedEarlier: input.includeEarlier,
        names: settings.kinds.map((kind) => settings.names[kind]),
      },
    });
    return { ok: true, exportId: made!.id, rows: rows.length, check } as const;
  });
}

/** A file made before, made again from what it recorded (the leads still there); null when there is no such file. */
export async function exportFile(db: Db, exportId: number): Promise<{ filename: string; text: string } | null> {
  const [made] = await db.select().from(adConversionExports).where(eq(adConversionExports.id, exportId));
  if (!made) return null;
  const settings = made.settings as unknown as ConversionSettings;
  const rows = await rowsOf(
    db,
    sql`select e.kind, case when e.kind = 'scheduled' then l.scheduled_at else l.became_patient_at end as at,
      l.attribution->>'gclid' as gclid, l.attribution->>'gbraid' as gbraid, l.attribution->>'wbraid' as wbraid
    from ad_exported_conversions e join leads l on l.id = e.lead_id
    where e.export_id = ${exportId}
    order by 2, l.id`,
  );
  const lines: ConversionLine[] = rows.flatMap((row) => {
    const click = (["gclid", "gbraid", "wbraid"] as const).find(
      (type) => typeof row[type] === "string" && CLICK_ID.test(row[type] as string),
    );
    return click && row.at
      ? [
          {
            clickType: click,
            clickId: row[click] as string,
            kind: row.kind as AdConversionKind,
            at: new Date(row.at as string),
          },
        ]
      : [];
  });
  return {
    filename: `google-ads-offline-conversions-${made.periodStart}-to-${made.periodEnd}-${made.id}.csv`,
    text: conversionFile(lines, settings, CONVERSION_TIME_ZONE),
  };
}

/** The files made so far, newest first. */
export function recentExports(db: Db, limit = 20) {
  return db
    .select()
    .from(adConversionExports)
    .orderBy(desc(adConversionExports.at), desc(adConversionExports.id))
    .limit(limit);
}
