import type { Db } from "~/db/client.server";
import { rollUpPending } from "./rollup.server";

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** How often each instance looks for a day to roll up (a day closes an hour after midnight). */
export const ROLLUP_EVERY_MS = 60_000;
// Days per transaction batch: short enough that beacons and pages wait little for PGlite's one connection.
const DAYS_PER_SLICE = 3;

/**
 * Rolls up closed days in the background: at start (a backlog, after an
 * upgrade or a time-zone change, is worked through slice by slice, logging
 * progress) and then every minute. Never on a request's path.
 */
export function startRollups(options: { db: Db; kind: "pglite" | "postgres"; logger: Log }) {
  const { db, kind, logger } = options;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    let done = 0;
    for (;;) {
      if (stopped) return;
      const { rolled, pending } = await rollUpPending(db, { kind, maxDays: DAYS_PER_SLICE });
      done += rolled;
      if (pending === 0 || rolled === 0) break;
      if (done % 30 < DAYS_PER_SLICE) logger.info({ rolled: done, pending }, "summarising analytics days");
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (done > 0) logger.info({ rolled: done }, "analytics days summarised");
  };
  const tick = () => {
    running ??= run()
      .catch((error: unknown) =>
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, "analytics rollup paused"),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, ROLLUP_EVERY_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
