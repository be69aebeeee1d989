import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

const HOUR_MS = 3600 * 1000;

/** How long counted bot requests may wait in memory before they are written. */
export const BOT_FLUSH_MS = 2000;

/**
 * Beacons from bots are answered 202 and not stored, but counted, so that
 * the dashboard can say how many it left out. Counting them one statement
 * each would cost more than the bots' own requests: they are added up in
 * memory per UTC hour and written by one upsert at most every BOT_FLUSH_MS
 * (and on stop). A failed write keeps the counts for the next one.
 */
export class BotCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly flushMs = BOT_FLUSH_MS,
  ) {}

  /** One bot request, now. */
  count(): void {
    const at = this.now();
    const hour = at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);
    this.pending.set(hour, (this.pending.get(hour) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush().catch(() => {
          // Kept in `pending`; the next count schedules another try.
        });
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what was counted (one statement), after any write already running. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const counts = this.pending;
    this.pending = new Map();
    const hours = [...counts.keys()].sort((a, b) => a - b);
    this.flushing = (async () => {
      try {
        await this.db.execute(sql`
          insert into analytics_bot_hits (hour, requests)
          select * from unnest(${sql.param(hours.map((h) => new Date(h).toISOString()))}::timestamptz[],
            ${sql.param(hours.map((h) => counts.get(h)!))}::int[])
          on conflict (hour) do update set requests = analytics_bot_hits.requests + excluded.requests`);
      } catch (error) {
        for (const [hour, n] of counts) this.pending.set(hour, (this.pending.get(hour) ?? 0) + n);
        throw error;
      } finally {
        this.flushing = undefined;
      }
    })();
    await this.flushing;
  }

  /** Writes what is pending and stops the timer. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

/**
 * Bot requests counted in the hours that start within [start, end): the
 * dashboard's "N requests from bots excluded". Hours are UTC hours; a range
 * of clinic days (whole hours in America/New_York) covers whole hours.
 */
export async function botRequestsBetween(db: Db, start: Date, end: Date): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(requests), 0)::float8 as n from analytics_bot_hits
    where hour >= ${start.toISOString()}::timestamptz and hour < ${end.toISOString()}::timestamptz`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
