import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { retryAfter, windowStart, type RateRule } from "~/lib/rate-limit.server";
import { planVisits, VISIT_IDLE_MS, type OpenVisit, type PlanItem, type VisitRef } from "./visit-plan";

/** One accepted request, ready to be written: its visit item and its rate-limit counter key. */
export interface BatchItem {
  item: PlanItem;
  /** `${rule.name}:${clientKey(secret, ip)}`, as app/lib/rate-limit.server.ts keys it. */
  rateKey: string;
}

/** Per item: 0 when stored, else the seconds a client over its limit must wait. */
export type BatchDecisions = number[];

// Advisory-lock namespace for "visits of a visitor" (the start-up lock uses 727001).
const VISITOR_LOCK_CLASS = 727_002;

// Every statement passes whole columns as arrays (unnest), so its text is the
// same for any batch size: one parse per statement however many rows, and
// no 65,535-parameter ceiling.
const array = (values: unknown[]) => sql.param(values);
const iso = (ms: number) => new Date(ms).toISOString();

type Row = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Writes a batch in ONE transaction (the caller opens it): rate-limit counters
 * upserted once per client and window, then, for the items within their
 * limit, one visit lookup for every visitor of the batch, multi-row inserts
 * of new visits, page views and events, and one UPDATE for the visits the
 * batch continued.
 *
 * With several instances on one PostgreSQL, two batches holding the same
 * visitor take turns on an advisory lock per visitor, so both cannot open a
 * visit for them at once. (PGlite has one connection: nothing runs alongside.)
 */
export async function writeBatch(
  tx: Db,
  options: { kind: "pglite" | "postgres"; rule: RateRule; now: number },
  batch: readonly BatchItem[],
): Promise<BatchDecisions> {
  const decisions = await countRates(tx, options.rule, batch, options.now);
  const accepted = batch.filter((_, i) => decisions[i] === 0).map((b) => b.item);
  if (accepted.length === 0) return decisions;

  const visitors = [...new Set(accepted.map((i) => i.visitor))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const visitorParams = visitors.map(String);
  if (options.kind === "postgres") {
    await tx.execute(sql`
      select pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, k)
      from (select distinct (v % 2147483647)::int as k from unnest(${array(visitorParams)}::bigint[]) v order by 1) s`);
  }

  const earliest = Math.min(...accepted.map((i) => i.at));
  const open: OpenVisit[] = (
    await rows(
      tx,
      sql`
      select distinct on (visitor_id) id, visitor_id::text as visitor,
        (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_ms
      from visits
      where visitor_id = any(${array(visitorParams)}::bigint[]) and last_seen_at > ${iso(earliest - VISIT_IDLE_MS)}::timestamptz
      order by visitor_id, last_seen_at desc`,
    )
  ).map((r) => ({ id: Number(r.id), visitor: BigInt(r.visitor as string), lastSeenAt: Number(r.last_seen_ms) }));

  const plan = planVisits(accepted, open);

  // Ids are drawn first so that rows can point at new visits without relying
  // on the order of an INSERT's RETURNING.
  let newIds: number[] = [];
  if (plan.newVisits.length > 0) {
    newIds = (
      await rows(
        tx,
        sql`select nextval(pg_get_serial_sequence('visits', 'id'))::float8 as id from generate_series(1, ${plan.newVisits.length}::int)`,
      )
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const v = plan.newVisits;
    const col = <T>(f: (visit: (typeof v)[number]) => T) => array(v.map(f));
    await tx.execute(sql`
      insert into visits (id, visitor_id, started_at, last_seen_at, entry_path, exit_path, pageviews, events,
        is_bounce, referrer_host, referrer_source, channel, utm_source, utm_medium, utm_campaign, utm_term,
        utm_content, click_id_type, browser, browser_version, os, device_type)
      select * from unnest(
        ${array(newIds)}::bigint[], ${col((x) => String(x.visitor))}::bigint[],
        ${col((x) => iso(x.startedAt))}::timestamptz[], ${col((x) => iso(x.lastSeenAt))}::timestamptz[],
        ${col((x) => x.entryPath)}::text[], ${col((x) => x.exitPath)}::text[],
        ${col((x) => x.pageviews)}::int[], ${col((x) => x.events)}::int[], ${col((x) => x.isBounce)}::bool[],
        ${col((x) => x.landing.traffic.referrerHost)}::text[], ${col((x) => x.landing.traffic.source)}::text[],
        ${col((x) => x.landing.traffic.channel)}::text[],
        ${col((x) => x.landing.utmSource)}::text[], ${col((x) => x.landing.utmMedium)}::text[],
        ${col((x) => x.landing.utmCampaign)}::text[], ${col((x) => x.landing.utmTerm)}::text[],
        ${col((x) => x.landing.utmContent)}::text[], ${col((x) => x.landing.traffic.clickIdType)}::text[],
        ${col((x) => x.landing.agent.browser)}::text[], ${col((x) => x.landing.agent.browserVersion)}::text[],
        ${col((x) => x.landing.agent.os)}::text[], ${col((x) => x.landing.agent.deviceType)}::text[])`);
  }
  const idOf = (ref: VisitRef) => (ref === null ? null : "id" in ref ? ref.id : newIds[ref.newIndex]!);

  if (plan.pageViews.length > 0) {
    const p = plan.pageViews;
    await tx.execute(sql`
      insert into page_views (visit_id, occurred_at, path)
      select * from unnest(${array(p.map((x) => idOf(x.visit)))}::bigint[],
        ${array(p.map((x) => iso(x.at)))}::timestamptz[], ${array(p.map((x) => x.path))}::text[])`);
  }
  if (plan.events.length > 0) {
    const e = plan.events;
    await tx.execute(sql`
      insert into analytics_events (visit_id, occurred_at, event_type, event_category, event_label, value, path)
      select * from unnest(${array(e.map((x) => idOf(x.visit)))}::bigint[],
        ${array(e.map((x) => iso(x.at)))}::timestamptz[], ${array(e.map((x) => x.eventType))}::text[],
        ${array(e.map((x) => x.eventCategory))}::text[], ${array(e.map((x) => x.eventLabel))}::text[],
        ${array(e.map((x) => x.value))}::float8[], ${array(e.map((x) => x.path))}::text[])`);
  }
  if (plan.updates.length > 0) {
    const u = plan.updates;
    // Increments and monotone flags: correct even if another instance updated the row meanwhile.
    await tx.execute(sql`
      update visits v set
        last_seen_at = greatest(v.last_seen_at, u.last_seen_at),
        exit_path = case when u.exit_path is not null and u.last_seen_at >= v.last_seen_at
                         then u.exit_path else v.exit_path end,
        pageviews = v.pageviews + u.pageviews,
        events = v.events + u.events,
        is_bounce = v.is_bounce and u.pageviews = 0 and not u.engaged
      from unnest(${array(u.map((x) => x.id))}::bigint[], ${array(u.map((x) => iso(x.lastSeenAt)))}::timestamptz[],
        ${array(u.map((x) => x.exitPath))}::text[], ${array(u.map((x) => x.pageviews))}::int[],
        ${array(u.map((x) => x.events))}::int[], ${array(u.map((x) => x.engaged))}::bool[])
        as u(id, last_seen_at, exit_path, pageviews, events, engaged)
      where v.id = u.id`);
  }
  return decisions;
}

/**
 * One upsert for the whole batch, one row per (client, window), counting
 * every item as consumeRate would; then, in arrival order, the items that
 * still fit are accepted. Keys go in sorted so that two batches lock counter
 * rows in the same order (no deadlock between instances).
 */
async function countRates(tx: Db, rule: RateRule, batch: readonly BatchItem[], now: number): Promise<BatchDecisions> {
  const groups = new Map<string, { key: string; windowMs: number; indexes: number[] }>();
  batch.forEach((b, i) => {
    const windowMs = windowStart(rule, b.item.at).getTime();
    const id = `${b.rateKey}\n${windowMs}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key: b.rateKey, windowMs, indexes: [] }));
    group.indexes.push(i);
  });
  const sorted = [...groups.values()].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowMs - b.windowMs,
  );
  const counted = await rows(
    tx,
    sql`
    insert into rate_limits (key, window_start, count)
    select * from unnest(${array(sorted.map((g) => g.key))}::text[],
      ${array(sorted.map((g) => iso(g.windowMs)))}::timestamptz[], ${array(sorted.map((g) => g.indexes.length))}::int[])
    on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
    returning key, (extract(epoch from window_start) * 1000)::float8 as window_ms, count`,
  );
  const decisions: BatchDecisions = new Array(batch.length).fill(0);
  for (const row of counted) {
    const group = groups.get(`${row.key as string}\n${Number(row.window_ms)}`)!;
    const before = Number(row.count) - group.indexes.length;
    group.indexes.forEach((index, n) => {
      if (before + n + 1 > rule.limit) decisions[index] = retryAfter(rule, now);
    });
  }
  return decisions;
}
