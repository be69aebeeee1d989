import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { projectRoot, STARTUP_LOCK_KEY, type Database } from "../client.server";
import * as t from "../schema";
import { readContentFiles } from "./content-files.server";

export const contentDir = path.join(projectRoot, "content");
const SEEDED_KEY = "demo_content_seeded_at";

/**
 * Loads the demo content on first start. Runs in one transaction guarded by a
 * marker row (and, on PostgreSQL, an advisory lock), so it happens exactly
 * once however many instances start together; a later edit by staff is never
 * overwritten.
 */
export async function seedDemoContent(database: Database, dir = contentDir): Promise<boolean> {
  const content = readContentFiles(dir);
  return database.db.transaction(async (tx) => {
    if (database.kind === "postgres") {
      await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    }
    const done = await tx.select().from(t.appMeta).where(eq(t.appMeta.key, SEEDED_KEY));
    if (done.length > 0) return false;

    const ordered = <T>(rows: T[]) => rows.map((row, i) => ({ ...row, sortOrder: i }));
    await tx
      .insert(t.siteContent)
      .values({ id: 1, ...content.site })
      .onConflictDoNothing();
    await tx.insert(t.treatments).values(ordered(content.treatments)).onConflictDoNothing();
    await tx.insert(t.insuranceProviders).values(ordered(content["insurance-providers"])).onConflictDoNothing();
    await tx.insert(t.testimonials).values(ordered(content.testimonials));
    await tx.insert(t.teamMembers).values(ordered(content.team)).onConflictDoNothing();
    await tx.insert(t.conditions).values(ordered(content.conditions)).onConflictDoNothing();
    await tx.insert(t.faqItems).values(ordered(content.faq));
    await tx.insert(t.locations).values(ordered(content.locations)).onConflictDoNothing();
    await tx
      .insert(t.appMeta)
      .values([
        { key: SEEDED_KEY, value: new Date().toISOString() },
        { key: "content_version", value: "1" },
      ])
      .onConflictDoNothing();
    return true;
  });
}
