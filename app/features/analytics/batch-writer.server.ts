import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { retryAfter, windowStart, type RateRule } from "~/lib/rate-limit.server";
import type { MemoryRateCounters } from "./memory-rate-counters.server";
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
/** Runs a statement and returns its rows. */
export type RunStatement = (query: SQL) => Promise<Row[]>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
/** RunStatement through drizzle. */
export const runOn =
  (db: Db): RunStatement =>
  (query) =>
    rows(db, query);

type CounterGroup = { key: string; windowMs: number; indexes: number[] };

/**
 * The batch's rate-limit counters: one per (client, window), with the items
 * it counts in arrival order. Sorted by key so that two batches lock counter
 * rows in the same order (no deadlock between instances on PostgreSQL).
 */
function counterGroups(rule: RateRule, batch: readonly BatchItem[]): CounterGroup[] {
  const groups = new Map<string, CounterGroup>();
  batch.forEach((b, i) => {
    const windowMs = windowStart(rule, b.item.at).getTime();
    const id = `${b.rateKey}\n${windowMs}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key: b.rateKey, windowMs, indexes: [] }));
    group.indexes.push(i);
  });
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowMs - b.windowMs));
}

/** Within each counter (its count after this batch given), items fit in arrival order until the limit. */
function decide(rule: RateRule, now: number, decisions: BatchDecisions, group: CounterGroup, countAfter: number): void {
  const before = countAfter - group.indexes.length;
  group.indexes.forEach((index, n) => {
    if (before + n + 1 > rule.limit) decisions[index] = retryAfter(rule, now);
  });
}

export interface BatchOptions {
  rule: RateRule;
  now: number;
}

/**
 * Writes a batch on PostgreSQL in ONE transaction (the caller opens it), in
 * two statements whatever the batch size, because each statement costs far
 * more than each row:
 *
 * 1. rate-limit counters upserted once per client and window, and the open
 *    visit of every visitor of the batch, read together;
 * 2. for the items within their limit: new visits, page views, events and
 *    the updates of continued visits, as data-modifying CTEs of one statement.
 *
 * With several instances on one PostgreSQL, two batches holding the same
 * visitor take turns on an advisory lock per visitor (taken first), so both
 * cannot open a visit for them at once, and the counters are shared.
 */
export async function writeBatch(tx: Db, options: BatchOptions, batch: readonly BatchItem[]): Promise<BatchDecisions> {
  const { rule } = options;
  const visitors = [...new Set(batch.map((b) => String(b.item.visitor)))].sort();
  await tx.execute(sql`
    select pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, k)
    from (select distinct (v % 2147483647)::int as k from unnest(${array(visitors)}::bigint[]) v order by 1) s`);

  const sorted = counterGroups(rule, batch);
  const groups = new Map(sorted.map((g) => [`${g.key}\n${g.windowMs}`, g]));
  const earliest = Math.min(...batch.map((b) => b.item.at));

  const read = await rows(
    tx,
    sql`
    with counted as (
      insert into rate_limits (key, window_start, count)
      select * from unnest(${array(sorted.map((g) => g.key))}::text[],
        ${array(sorted.map((g) => iso(g.windowMs)))}::timestamptz[], ${array(sorted.map((g) => g.indexes.length))}::int[])
      on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
      returning key, window_start, count
    )
    select 'rate' as kind, key as k, (extract(epoch from window_start) * 1000)::float8 as t, count::float8 as n
    from counted
    union all (
      select 'visit', visitor_id::text, last_seen_at_ms, id::float8 from (${openVisits(visitors, earliest)}) o
    )`,
  );

  const decisions: BatchDecisions = new Array(batch.length).fill(0);
  const open: OpenVisit[] = [];
  for (const row of read) {
    if (row.kind === "visit") open.push(openVisit(row));
    else decide(rule, options.now, decisions, groups.get(`${row.k as string}\n${Number(row.t)}`)!, Number(row.n));
  }
  const accepted = batch.filter((_, i) => decisions[i] === 0).map((b) => b.item);
  if (accepted.length > 0) await writeItems((query) => rows(tx, query), accepted, open);
  return decisions;
}

/**
 * Writes a batch on PGlite: the rate-limit counters in this process
 * (`counters`), then the open visits of the accepted items read and
 * everything written by statement 2 above, without BEGIN and COMMIT.
 *
 * Why no transaction: on PGlite BEGIN and COMMIT cost ≈ 1.2 ms of CPU a batch
 * (decision 0028). Statement 2 is one statement, so it is atomic by itself;
 * the read before it needs no snapshot shared with it because on PGlite only
 * this ingester inserts and updates visits, one batch at a time (one process
 * holds the data directory, and the caller never runs two batches at once);
 * the retention job deletes only visits that started days ago. If the write
 * fails, the counts are taken back, as a rolled-back upsert would be.
 */
export async function writeBatchInProcess(
  run: RunStatement,
  options: BatchOptions & { counters: MemoryRateCounters },
  batch: readonly BatchItem[],
): Promise<BatchDecisions> {
  const { rule, counters } = options;
  const groups = counterGroups(rule, batch);
  const decisions: BatchDecisions = new Array(batch.length).fill(0);
  for (const group of groups)
    decide(rule, options.now, decisions, group, counters.add(group.key, group.windowMs, group.indexes.length));
  const accepted = batch.filter((_, i) => decisions[i] === 0).map((b) => b.item);
  if (accepted.length === 0) return decisions;
  try {
    const visitors = [...new Set(accepted.map((item) => String(item.visitor)))];
    const earliest = Math.min(...accepted.map((item) => item.at));
    const open = (
      await run(
        sql`select visitor_id::text as k, last_seen_at_ms as t, id::float8 as n from (${openVisits(visitors, earliest)}) o`,
      )
    ).map(openVisit);
    await writeItems(run, accepted, open);
  } catch (error) {
    for (const group of groups) counters.remove(group.key, group.windowMs, group.indexes.length);
    throw error;
  }
  return decisions;
}

/** The latest visit of each visitor still open at `earliest` (columns visitor_id, last_seen_at_ms, id). */
function openVisits(visitors: string[], earliest: number): SQL {
  return sql`
    select distinct on (visitor_id) visitor_id, (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_at_ms, id
    from visits
    where visitor_id = any(${array(visitors)}::bigint[]) and last_seen_at > ${iso(earliest - VISIT_IDLE_MS)}::timestamptz
    order by visitor_id, last_seen_at desc`;
}

function openVisit(row: Row): OpenVisit {
  return { id: Number(row.n), visitor: BigInt(row.k as string), lastSeenAt: Number(row.t) };
}

/** Statement 2: the accepted items' new visits, page views, events and visit updates. */
async function writeItems(run: RunStatement, accepted: PlanItem[], open: OpenVisit[]): Promise<void> {
  const plan = planVisits(accepted, open);
  // A row points at an existing visit by id, or at a new one by its ordinal in
  // this statement's insert (ids are drawn from the sequence first, so nothing
  // relies on the order of RETURNING).
  const existing = (ref: VisitRef) => (ref && "id" in ref ? ref.id : null);
  const created = (ref: VisitRef) => (ref && "newIndex" in ref ? ref.newIndex + 1 : null);
  const v = plan.newVisits;
  const p = plan.pageViews;
  const e = plan.events;
  const u = plan.updates;
  const col = <T, R>(list: readonly T[], f: (x: T) => R) => array(list.map(f));
  await run(sql`
    with ids as materialized (
      select ord, nextval(pg_get_serial_sequence('visits', 'id')) as id from generate_series(1, ${v.length}::int) ord
    ),
    new_visits as (
      insert into visits (id, visitor_id, started_at, last_seen_at, entry_path, exit_path, pageviews, events,
        is_bounce, referrer_host, referrer_source, channel, utm_source, utm_medium, utm_campaign, utm_term,
        utm_content, click_id_type, browser, browser_version, os, device_type, country, region)
      select ids.id, n.visitor_id, n.started_at, n.last_seen_at, n.entry_path, n.exit_path, n.pageviews, n.events,
        n.is_bounce, n.referrer_host, n.referrer_source, n.channel, n.utm_source, n.utm_medium, n.utm_campaign,
        n.utm_term, n.utm_content, n.click_id_type, n.browser, n.browser_version, n.os, n.device_type,
        n.country, n.region
      from unnest(
        ${col(v, (x) => String(x.visitor))}::bigint[],
        ${col(v, (x) => iso(x.startedAt))}::timestamptz[], ${col(v, (x) => iso(x.lastSeenAt))}::timestamptz[],
        ${col(v, (x) => x.entryPath)}::text[], ${col(v, (x) => x.exitPath)}::text[],
        ${col(v, (x) => x.pageviews)}::int[], ${col(v, (x) => x.events)}::int[], ${col(v, (x) => x.isBounce)}::bool[],
        ${col(v, (x) => x.landing.traffic.referrerHost)}::text[], ${col(v, (x) => x.landing.traffic.source)}::text[],
        ${col(v, (x) => x.landing.traffic.channel)}::text[],
        ${col(v, (x) => x.landing.utmSource)}::text[], ${col(v, (x) => x.landing.utmMedium)}::text[],
        ${col(v, (x) => x.landing.utmCampaign)}::text[], ${col(v, (x) => x.landing.utmTerm)}::text[],
        ${col(v, (x) => x.landing.utmContent)}::text[], ${col(v, (x) => x.landing.traffic.clickIdType)}::text[],
        ${col(v, (x) => x.landing.agent.browser)}::text[], ${col(v, (x) => x.landing.agent.browserVersion)}::text[],
        ${col(v, (x) => x.landing.agent.os)}::text[], ${col(v, (x) => x.landing.agent.deviceType)}::text[],
        ${col(v, (x) => x.landing.location.country)}::text[], ${col(v, (x) => x.landing.location.region)}::text[]
      ) with ordinality as n(visitor_id, started_at, last_seen_at, entry_path, exit_path, pageviews, events,
        is_bounce, referrer_host, referrer_source, channel, utm_source, utm_medium, utm_campaign, utm_term,
        utm_content, click_id_type, browser, browser_version, os, device_type, country, region, ord)
      join ids using (ord)
    ),
    new_page_views as (
      insert into page_views (visit_id, occurred_at, path)
      select coalesce(r.visit_id, ids.id), r.occurred_at, r.path
      from unnest(${col(p, (x) => existing(x.visit))}::bigint[], ${col(p, (x) => created(x.visit))}::int[],
        ${col(p, (x) => iso(x.at))}::timestamptz[], ${col(p, (x) => x.path)}::text[])
        as r(visit_id, new_ord, occurred_at, path)
      left join ids on ids.ord = r.new_ord
    ),
    new_events as (
      insert into analytics_events (visit_id, occurred_at, event_type, event_category, event_label, value, path)
      select coalesce(r.visit_id, ids.id), r.occurred_at, r.event_type, r.event_category, r.event_label, r.value, r.path
      from unnest(${col(e, (x) => existing(x.visit))}::bigint[], ${col(e, (x) => created(x.visit))}::int[],
        ${col(e, (x) => iso(x.at))}::timestamptz[], ${col(e, (x) => x.eventType)}::text[],
        ${col(e, (x) => x.eventCategory)}::text[], ${col(e, (x) => x.eventLabel)}::text[],
        ${col(e, (x) => x.value)}::float8[], ${col(e, (x) => x.path)}::text[])
        as r(visit_id, new_ord, occurred_at, event_type, event_category, event_label, value, path)
      left join ids on ids.ord = r.new_ord
    )
    -- Increments and monotone flags: correct even if another instance updated the row meanwhile.
    update visits v set
      last_seen_at = greatest(v.last_seen_at, c.last_seen_at),
      exit_path = case when c.exit_path is not null and c.last_seen_at >= v.last_seen_at
                       then c.exit_path else v.exit_path end,
      pageviews = v.pageviews + c.pageviews,
      events = v.events + c.events,
      is_bounce = v.is_bounce and c.pageviews = 0 and not c.engaged
    from unnest(${col(u, (x) => x.id)}::bigint[], ${col(u, (x) => iso(x.lastSeenAt))}::timestamptz[],
      ${col(u, (x) => x.exitPath)}::text[], ${col(u, (x) => x.pageviews)}::int[],
      ${col(u, (x) => x.events)}::int[], ${col(u, (x) => x.engaged)}::bool[])
      as c(id, last_seen_at, exit_path, pageviews, events, engaged)
    where v.id = c.id`);
}
