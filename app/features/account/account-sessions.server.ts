import crypto from "node:crypto";
// ua-parser-js stays on 1.x: 2.x is AGPL.
import UAParser from "ua-parser-js";
import type { StaffSession } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { endSession, endUserSessions, liveSessions, type ActiveSession } from "~/features/auth/session.server";
import type { SessionRow } from "./account-view";

/**
 * The "where you are signed in" list. Each row is named on the page by a
 * reference derived from the session's stored hash, so the page never
 * carries the value that identifies the session in the database.
 */

// The clinic's own clock (Winter Park, Florida), whatever the server's.
const CLINIC_TIME_ZONE = "America/New_York";
const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: CLINIC_TIME_ZONE,
});

export function sessionRef(idHash: string): string {
  return crypto.createHash("sha256").update(`session-ref:${idHash}`).digest("base64url").slice(0, 22);
}

/** "Firefox 128 on Windows", "Safari on iPhone": short, for a person to recognise their own device. */
export function describeBrowser(userAgent: string): string {
  if (!userAgent.trim()) return "Unknown browser";
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const name = browser.name ? [browser.name, browser.major].filter(Boolean).join(" ") : "Unknown browser";
  const where = device.model && device.type ? device.model : os.name;
  return where ? `${name} on ${where}` : name;
}

function ago(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 2) return "Active now";
  if (minutes < 60) return `Last active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? "Last active 1 hour ago" : `Last active ${hours} hours ago`;
}

export function sessionRows(sessions: StaffSession[], currentIdHash: string, now = new Date()): SessionRow[] {
  return sessions
    .map((s) => ({
      ref: sessionRef(s.idHash),
      current: s.idHash === currentIdHash,
      browser: describeBrowser(s.userAgent),
      ip: s.ip || "Unknown",
      startedAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastSeenAt.toISOString(),
      lastActive: s.idHash === currentIdHash ? "Active now" : ago(s.lastSeenAt, now),
      started: dateTime.format(s.createdAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function listSessionRows(db: Db, active: ActiveSession): Promise<SessionRow[]> {
  return sessionRows(await liveSessions(db, active.user.id), active.session.idHash);
}

/**
 * Ends one of the person's own live sessions, found by its reference.
 * Returns what happened: "current" means this very session ended (the
 * caller signs the browser out).
 */
export async function endOwnSession(
  db: Db,
  active: ActiveSession,
  ref: string,
  actor: AuditActor,
): Promise<"ended" | "current" | "gone"> {
  const match = (await liveSessions(db, active.user.id)).find((s) => sessionRef(s.idHash) === ref);
  if (!match) return "gone";
  await endSession(db, match.idHash, "ended_by_user");
  const current = match.idHash === active.session.idHash;
  await audit(db, actor, {
    action: "session_ended",
    target: { type: "session", id: sessionRef(match.idHash) },
    detail: { current },
  });
  return current ? "current" : "ended";
}

/** Ends every session of the person, this one included. */
export async function signOutEverywhere(db: Db, active: ActiveSession, actor: AuditActor): Promise<number> {
  const ended = await endUserSessions(db, active.user.id, "signed_out_everywhere");
  await audit(db, actor, { action: "sign_out_everywhere", detail: { sessionsEnded: ended } });
  return ended;
}
