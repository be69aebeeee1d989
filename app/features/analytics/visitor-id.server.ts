import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { analyticsSalts } from "~/db/schema";

/**
 * Visitors are recognised without cookies: visitor id = the first 8 bytes of
 * SHA-256(salt ‖ IP ‖ 0x00 ‖ User-Agent), read as a signed bigint. The salt
 * is random per UTC day and deleted two days later, so an id cannot be
 * recomputed from an IP address once its day's salt is gone, and the same
 * person gets unrelated ids on different days. (The 0x00 keeps "1.2.3.4" +
 * "5Mozilla" apart from "1.2.3.45" + "Mozilla".)
 */
export function visitorId(salt: Buffer, ip: string, userAgent: string): bigint {
  const hash = crypto.createHash("sha256").update(salt).update(ip).update("\0").update(userAgent).digest();
  return hash.readBigInt64BE(0);
}

/** "2026-11-21": the UTC day a moment falls on, the key of its salt. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The daily salts, created on demand and shared by every instance through
 * the table. Only the current day's salt is used; it is cached in memory.
 */
export class SaltStore {
  private cached: { day: string; salt: Buffer } | undefined;
  private loading: { day: string; promise: Promise<Buffer> } | undefined;

  constructor(private readonly db: Db) {}

  /** The salt of `day`, from memory when possible. */
  saltFor(day: string): Promise<Buffer> | Buffer {
    if (this.cached?.day === day) return this.cached.salt;
    if (this.loading?.day === day) return this.loading.promise;
    const promise = this.load(day).then(
      (salt) => {
        // Replacing the cache drops yesterday's salt from memory too.
        this.cached = { day, salt };
        this.loading = undefined;
        return salt;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    this.loading = { day, promise };
    return promise;
  }

  /**
   * Insert a new random salt unless another instance got there first, then
   * read whichever won: every instance ends up hashing with the same salt.
   */
  private async load(day: string): Promise<Buffer> {
    const candidate = crypto.randomBytes(32).toString("base64");
    await this.db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing();
    const [row] = await this.db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${day}`);
    if (!row) throw new Error("the analytics salt vanished right after it was written");
    return Buffer.from(row.salt, "base64");
  }

  /** Forgets the cached salt (after the maintenance deleted old ones, or in tests). */
  forget(): void {
    this.cached = undefined;
  }
}

/**
 * Deletes every salt but today's and yesterday's (UTC): no salt outlives its
 * day by more than 24 h, i.e. none is older than 48 h once the hourly
 * maintenance has run. Returns how many were deleted.
 */
export async function deleteOldSalts(db: Db, now = Date.now()): Promise<number> {
  const yesterday = utcDay(now - 24 * 3600 * 1000);
  const deleted = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, yesterday))
    .returning({ day: analyticsSalts.day });
  return deleted.length;
}
