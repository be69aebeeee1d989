import type { Database } from "~/db/client.server";
import { PgliteStatements } from "~/db/pglite-statements.server";
import {
  DATABASE_DEADLINE_MS,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  withDatabaseDeadline,
} from "~/lib/database-availability.server";
import { clientKey, type RateRule } from "~/lib/rate-limit.server";
import { isEngagementEvent, type EventData, type PageViewData } from "./analytics-schema";
import {
  runOn,
  writeBatch,
  writeBatchInProcess,
  type BatchDecisions,
  type BatchItem,
  type RunStatement,
} from "./batch-writer.server";
import { BotCounter } from "./bot-hits.server";
import { IpLocator, type IpLocation } from "./ip-location.server";
import { MemoryRateCounters } from "./memory-rate-counters.server";
import { classifyTraffic } from "./traffic-source";
import { UserAgentParser } from "./user-agent.server";
import type { PlanItem } from "./visit-plan";
import { SaltStore, utcDay, visitorId } from "./visitor-id.server";

/** Who sent a beacon. The IP is hashed (visitor id, rate key), looked up (country, region) and then dropped. */
export interface BeaconClient {
  ip: string;
  /** The User-Agent header: hashed into the visitor id and parsed. */
  userAgent: string;
  /** The host the request was addressed to (a referrer from it is a self-referral). */
  host: string;
}

export type IngestOutcome = { status: "recorded" } | { status: "rate_limited"; retryAfterSeconds: number };

type Submission = { client: BeaconClient; at: number; enqueuedAt: number } & (
  { kind: "page_view"; data: PageViewData } | { kind: "event"; data: EventData }
);

interface Pending {
  submission: Submission;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: unknown) => void;
}

export interface IngesterOptions {
  database: Database;
  rule: RateRule;
  /** Keys the rate counters (see clientKey). */
  secret: string;
  /** The site's public URL: referrers from its host are self-referrals. */
  publicUrl: string;
  /** Most items written by one transaction. */
  maxBatch?: number;
  /** How long the first item of a quiet period waits for company. */
  maxWaitMs?: number;
  /** The clock (tests move it across days). */
  now?: () => number;
  /** Where addresses are (default: DB-IP's city database, read in place). */
  locator?: IpLocator;
}

// When the database is away, every waiting request must hear so within 2 s.
const MIN_FLUSH_DEADLINE_MS = 200;

/**
 * Group commit for analytics beacons: requests are queued, and one
 * transaction at a time writes everything queued so far (up to maxBatch).
 * While a transaction runs, new requests gather for the next one, so the
 * batch grows with the load and the cost per item falls. A request's promise
 * settles only after its transaction committed (or failed), so a 2xx answer
 * means the row is in the database.
 */
export class AnalyticsIngester {
  private readonly database: Database;
  private readonly rule: RateRule;
  private readonly secret: string;
  private readonly publicHost: string;
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  readonly salts: SaltStore;
  private readonly agents = new UserAgentParser();
  private readonly locator: IpLocator;
  private readonly bots: BotCounter;
  // PGlite only: see MemoryRateCounters (PostgreSQL keeps them in rate_limits).
  private readonly counters = new MemoryRateCounters();
  // PGlite only: the batch statements prepared once, each run in one call into PGlite.
  private readonly statements: PgliteStatements | undefined;

  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private stopped = false;

  constructor(options: IngesterOptions) {
    this.database = options.database;
    this.rule = options.rule;
    this.secret = options.secret;
    this.publicHost = new URL(options.publicUrl).hostname;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxWaitMs = options.maxWaitMs ?? 2;
    this.now = options.now ?? Date.now;
    this.salts = new SaltStore(options.database.db);
    this.locator = options.locator ?? new IpLocator();
    this.bots = new BotCounter(options.database.db, this.now);
    if (options.database.pglite) this.statements = PgliteStatements.of(options.database.pglite);
  }

  /** Crawlers, headless browsers and clients without a User-Agent (cached per user agent). */
  isBot(userAgent: string): boolean {
    return this.agents.isBot(userAgent);
  }

  /** A beacon from a bot, not stored: counted per hour for the dashboard (written every few seconds). */
  countBot(): void {
    if (!this.stopped) this.bots.count();
  }

  recordPageView(data: PageViewData, client: BeaconClient): Promise<IngestOutcome> {
    return this.enqueue({ kind: "page_view", data, client, at: this.now(), enqueuedAt: performance.now() });
  }

  recordEvent(data: EventData, client: BeaconClient): Promise<IngestOutcome> {
    return this.enqueue({ kind: "event", data, client, at: this.now(), enqueuedAt: performance.now() });
  }

  /** Writes what is queued, then refuses new work. Call before closing the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight || this.queue.length > 0) {
      if (!this.inFlight) this.flush();
      await this.inFlight;
    }
    // With the database away at shutdown, the last seconds' bot counts are lost: they are only counts.
    await this.bots.stop().catch(() => undefined);
    this.locator.close();
  }

  private enqueue(submission: Submission): Promise<IngestOutcome> {
    if (this.stopped) return Promise.reject(new DatabaseUnavailableError());
    return new Promise<IngestOutcome>((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
      if (this.inFlight) return; // the running flush starts the next one when it ends
      if (this.queue.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.queue.length <= this.maxBatch ? this.queue : this.queue.slice(0, this.maxBatch);
    this.queue = batch === this.queue ? [] : this.queue.slice(this.maxBatch);
    const done = this.write(batch).finally(() => {
      if (this.inFlight === done) this.inFlight = undefined;
      // Whatever arrived meanwhile has waited a whole transaction already.
      if (this.queue.length > 0 && !this.inFlight) this.flush();
    });
    this.inFlight = done;
  }

  private async write(batch: Pending[]): Promise<void> {
    // The oldest request must be answered within 2 s of its arrival even when
    // it waited for the previous transaction.
    const waited = performance.now() - batch[0]!.submission.enqueuedAt;
    const deadline = Math.max(MIN_FLUSH_DEADLINE_MS, DATABASE_DEADLINE_MS - waited);
    try {
      const decisions = await withDatabaseDeadline(async () => {
        return this.writeItems(await this.prepare(batch));
      }, deadline);
      batch.forEach((p, i) => {
        const wait = decisions[i]!;
        p.resolve(wait === 0 ? RECORDED : { status: "rate_limited", retryAfterSeconds: wait });
      });
    } catch (error) {
      if (batch.length > 1 && !isDatabaseUnavailable(error)) {
        // One item the database refuses must not fail the others: halve the
        // batch until the culprit is alone (a few more transactions, rarely).
        const half = Math.ceil(batch.length / 2);
        await this.write(batch.slice(0, half));
        await this.write(batch.slice(half));
        return;
      }
      // On a time-out the transaction may still commit later: the browser's
      // beacon is then counted although it heard 503 (it does not retry).
      for (const p of batch) p.reject(error);
    }
  }

  private writeItems(items: BatchItem[]): Promise<BatchDecisions> {
    const { db, kind } = this.database;
    const options = { rule: this.rule, now: this.now() };
    if (kind === "pglite") {
      const { statements } = this;
      const run: RunStatement = statements ? (query) => statements.execute(query) : runOn(db);
      return writeBatchInProcess(run, { ...options, counters: this.counters }, items);
    }
    return db.transaction((tx) => writeBatch(tx, options, items));
  }

  /** Visitor ids, rate keys and (for page views) what describes a new visit. */
  private async prepare(batch: Pending[]): Promise<BatchItem[]> {
    // Hashes and locations repeat within a batch (the same few clients):
    // compute each once. The addresses are forgotten with the batch.
    const rateKeys = new Map<string, string>();
    const visitors = new Map<string, bigint>();
    const locations = new Map<string, IpLocation>();
    const locate = (ip: string) => {
      let location = locations.get(ip);
      if (location === undefined) locations.set(ip, (location = this.locator.locate(ip)));
      return location;
    };
    const items: BatchItem[] = [];
    for (const { submission: s } of batch) {
      const { ip, userAgent } = s.client;
      let rateKey = rateKeys.get(ip);
      if (rateKey === undefined) rateKeys.set(ip, (rateKey = `${this.rule.name}:${clientKey(this.secret, ip)}`));
      const day = utcDay(s.at);
      const who = `${day}\0${ip}\0${userAgent}`;
      let visitor = visitors.get(who);
      if (visitor === undefined) {
        const salt = await this.salts.saltFor(day);
        visitors.set(who, (visitor = visitorId(salt, ip, userAgent)));
      }
      items.push({ rateKey, item: this.planItem(s, visitor, locate) });
    }
    return items;
  }

  private planItem(s: Submission, visitor: bigint, locate: (ip: string) => IpLocation): PlanItem {
    if (s.kind === "event") {
      const e = s.data;
      return {
        kind: "event",
        at: s.at,
        visitor,
        path: e.path,
        eventType: e.eventType,
        eventCategory: e.eventCategory,
        eventLabel: e.eventLabel,
        value: e.value,
        engagement: isEngagementEvent(e.eventType),
      };
    }
    const p = s.data;
    const { client } = s;
    return {
      kind: "page_view",
      at: s.at,
      visitor,
      path: p.path,
      // Called only when this page view starts a visit.
      landing: () => ({
        traffic: classifyTraffic(p, [this.publicHost, client.host]),
        utmSource: p.utmSource,
        utmMedium: p.utmMedium,
        utmCampaign: p.utmCampaign,
        utmTerm: p.utmTerm,
        utmContent: p.utmContent,
        agent: this.agents.parse(client.userAgent),
        location: locate(client.ip),
      }),
    };
  }
}

const RECORDED: IngestOutcome = Object.freeze({ status: "recorded" });
