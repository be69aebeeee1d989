import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import type { leads } from "~/db/schema";
import type { DailyJobServices } from "~/features/lead-upkeep/daily-jobs.server";
import { DigestMailer } from "~/features/lead-upkeep/digest-mailer.server";
import { createLogger } from "../../server/logger";
import { clonePostgresTemplate, openTestDatabase, type DatabaseKind } from "./database";
import { HERO_LEAD } from "./leads";

/** HERO_LEAD's made-up person as a leads row (the test sets its times and status). */
export function leadRow(extra: Partial<typeof leads.$inferInsert> = {}): typeof leads.$inferInsert {
  const { firstName, lastName, email, phone, service, source } = HERO_LEAD;
  return { formType: "hero", firstName, lastName, email, phone, service, source, ...extra };
}

/** Words of HERO_LEAD's person that must never reach a log line or an e-mail. */
export const HERO_LEAD_SECRETS = ["Avery", "Quinn", "Testperson", "avery.quinn", "555-0199", "Anxiety"];

export interface JobServices extends DailyJobServices {
  /** Every line the server's logger (pino, as in production) wrote, as text. */
  logs(): string;
}

/**
 * What runDueJobs gets from the server: the real logger, writing to memory,
 * and the real digest mailer (to an SMTP server on loopback, or with no
 * settings at all).
 */
export function jobServices(mail: { smtpUrl?: string; notifyTo?: string } = {}): JobServices {
  let text = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk;
      done();
    },
  });
  return {
    logger: createLogger("info", sink),
    leadDigest: new DigestMailer({ ...mail, publicUrl: "https://clinic.example" }),
    logs: () => text,
  };
}

/**
 * Two app instances' databases for a describe block, opened before its tests
 * and closed after them: on PostgreSQL two pools on one database, nothing
 * shared but the server; on PGlite the one process the server is.
 */
export function twoInstances(kind: DatabaseKind): () => [Database, Database] {
  let pair: [Database, Database] | undefined;
  beforeAll(async () => {
    if (kind === "postgres") {
      const databaseUrl = await clonePostgresTemplate();
      pair = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
    } else {
      const database = await openTestDatabase(kind);
      pair = [database, database];
    }
  });
  afterAll(async () => {
    await Promise.all([...new Set(pair ?? [])].map((database) => database.close()));
  });
  return () => pair!;
}
