import crypto from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffSessions, users, type StaffSession, type User } from "~/db/schema";

/** A session ends after 30 minutes without a request… */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** …and 12 hours after sign-in whatever happens. */
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
// lastSeenAt is written at most this often: one write a minute, not one per request.
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionEndReason =
  | "signed_out"
  | "signed_out_everywhere"
  | "password_changed"
  | "ended_by_user"
  | "ended_by_admin"
  | "account_disabled"
  | "replaced";

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

/** Starts a session; the returned token goes in the cookie and nowhere else. */
export async function createSession(
  db: Db,
  userId: string,
  client: { ip: string; userAgent: string },
  now = new Date(),
): Promise<{ token: string; session: StaffSession }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(staffSessions)
    .values({
      idHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_LIFETIME_MS),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 300),
    })
    .returning();
  return { token, session: session! };
}

export interface ActiveSession {
  session: StaffSession;
  user: User;
}

/**
 * The signed-in staff member for a cookie token, or null when the session is
 * unknown, ended, idle past 30 minutes, past 12 hours, or the account is
 * disabled. Refreshes the idle clock.
 */
export async function readSession(
  db: Db,
  token: string | null | undefined,
  now = new Date(),
): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: staffSessions, user: users })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(eq(staffSessions.idHash, hashToken(token)))
    .limit(1);
  if (!row || row.session.endedAt || row.user.disabledAt) return null;
  const idleEnd = row.session.lastSeenAt.getTime() + IDLE_TIMEOUT_MS;
  if (now.getTime() >= row.session.expiresAt.getTime() || now.getTime() >= idleEnd) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, row.session.idHash));
    row.session.lastSeenAt = now;
  }
  return row;
}

export async function endSession(db: Db, idHash: string, reason: SessionEndReason): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.endedAt)));
}

/** Ends every live session of a user, except `keep` (the one making the request) when given. Returns how many. */
export async function endUserSessions(
  db: Db,
  userId: string,
  reason: SessionEndReason,
  keep?: string,
): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.endedAt),
        keep ? ne(staffSessions.idHash, keep) : undefined,
      ),
    )
    .returning({ idHash: staffSessions.idHash });
  return ended.length;
}

/** A user's sessions that can still be used, newest first (for the account page). */
export async function liveSessions(db: Db, userId: string, now = new Date()): Promise<StaffSession[]> {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    )
    .orderBy(sql`${staffSessions.lastSeenAt} desc`);
}
