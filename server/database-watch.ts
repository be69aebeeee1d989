import type { Database } from "~/db/client.server";
import { DATABASE_DEADLINE_MS, withDatabaseDeadline } from "~/lib/database-availability.server";
import type { Logger } from "./logger";

// How often the database is asked "are you there?" (also how soon a return is noticed).
export const DATABASE_WATCH_MS = 2000;

export interface DatabaseState {
  away: boolean;
  /** When the current outage was first noticed (ISO), or when the database last came back. */
  since: string;
}

/**
 * Whether the database answers, known without asking it on every request:
 * a ping every 2 s (with the writes' 1.5 s deadline), and any request that
 * found it away says so at once (`reportAway`). One log line when it goes
 * away, one when it returns, never one per request (issue 21).
 */
export function watchDatabase(
  database: Pick<Database, "ping">,
  logger: Logger,
  options: {
    /** Started while the database was away: away until `probe` (the rest of the start-up) succeeds. */
    startedAway?: boolean;
    /** What "answering" means; by default a ping. */
    probe?: () => Promise<void>;
    everyMs?: number;
  } = {},
) {
  let away = options.startedAway ?? false;
  let since = new Date().toISOString();
  let checking: Promise<void> | undefined;
  const backListeners: (() => void)[] = [];
  /** Waiting renders, each removed when it finishes: nothing accumulates while the database answers. */
  const awayListeners = new Set<() => void>();
  const probe = options.probe ?? (() => database.ping());
  if (away) logger.warn("database unreachable at start: serving last good copies of public pages until it answers");

  const markAway = () => {
    if (away) return;
    away = true;
    since = new Date().toISOString();
    for (const listener of [...awayListeners]) listener();
    awayListeners.clear();
    logger.warn("database unreachable: serving last good copies of public pages, refusing writes with 503");
  };
  const markBack = () => {
    if (!away) return;
    const awayMs = Date.now() - Date.parse(since);
    away = false;
    since = new Date().toISOString();
    logger.info({ awayMs }, "database reachable again");
    for (const listener of backListeners) listener();
  };

  const check = () =>
    (checking ??= withDatabaseDeadline(probe, DATABASE_DEADLINE_MS)
      .then(markBack, markAway)
      .finally(() => (checking = undefined)));

  const timer = setInterval(() => void check(), options.everyMs ?? DATABASE_WATCH_MS);
  timer.unref();

  return {
    get away() {
      return away;
    },
    state(): DatabaseState {
      return { away, since };
    },
    /** A request found the database away: noted now, so the next ones need not wait for it. */
    reportAway: markAway,
    /**
     * Calls `listener` once if the database is or goes away; the returned function forgets it
     * (a render that finished calls it, so a long run without an outage keeps nothing).
     */
    onAway(listener: () => void): () => void {
      if (away) {
        listener();
        return () => {};
      }
      awayListeners.add(listener);
      return () => awayListeners.delete(listener);
    },
    /** Asks the database now; resolves with whether it answered. */
    async check() {
      await check();
      return !away;
    },
    /** Called each time the database returns after an outage. */
    onBack(listener: () => void) {
      backListeners.push(listener);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type DatabaseWatch = ReturnType<typeof watchDatabase>;
