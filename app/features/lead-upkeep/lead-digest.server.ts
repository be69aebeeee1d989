import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { hourWords } from "~/features/leads/lead-settings";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";

const HOUR_MS = 3_600_000;

export interface OverdueCounts {
  /** Waiting longer than the promise. */
  overdue: number;
  /** Waiting for a first contact, overdue or not. */
  waiting: number;
  /** Whole hours the longest-waiting request has waited (0 when none waits). */
  oldestHours: number;
}

/**
 * Requests waiting for a first contact (new, nobody has tried to reach
 * them; taps on the phone link are nobody to call back), and how many of
 * them have waited longer than the promise: the overview's rule, in one
 * statement on the index leads_uncontacted_idx. Counts only.
 */
export async function overdueCounts(db: Db, now: Date, promiseHours: number): Promise<OverdueCounts> {
  const lateBefore = new Date(now.getTime() - promiseHours * HOUR_MS);
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${leads.createdAt} <= ${lateBefore})`.mapWith(Number),
      // Decoded as the column is (the drivers hand timestamps over as text).
      oldest: sql<Date | null>`min(${leads.createdAt})`.mapWith(leads.createdAt),
    })
    .from(leads)
    .where(and(eq(leads.status, "new"), isNull(leads.firstContactedAt), ne(leads.formType, "phone_click")));
  const oldest = row?.oldest ?? null;
  return {
    waiting: row?.waiting ?? 0,
    overdue: row?.overdue ?? 0,
    oldestHours: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / HOUR_MS)) : 0,
  };
}

/** The inbox showing only the requests past the promise (the address names no one). */
export function overdueInboxLink(publicUrl: string): string {
  return `${publicUrl}${LEADS_INBOX_PATH}?overdue=1`;
}

/**
 * The daily digest to the intake address: how many requests are past the
 * promise, how many wait in all, the longest wait, and the link to sign in.
 * Counts only: never a name, an address, a number, a service or a note.
 */
export function digestMessage(
  publicUrl: string,
  counts: OverdueCounts,
  settings: { promiseHours: number; digestHour: number },
) {
  const { overdue, waiting, oldestHours } = counts;
  const promise = `${settings.promiseHours}-hour`;
  return {
    subject: `${overdue === 1 ? "1 request is" : `${overdue} requests are`} past the ${promise} promise — sign in to view`,
    text: [
      `Some requests from the website have waited longer than our ${promise} reply promise without a first contact.`,
      "",
      `Past the promise: ${overdue}`,
      `Waiting for a first contact in all: ${waiting}`,
      `Longest wait: ${oldestHours === 1 ? "1 hour" : `${oldestHours} hours`}`,
      "",
      "For privacy, this e-mail names no one. Sign in to the staff area to see who is waiting:",
      overdueInboxLink(publicUrl),
      "",
      `This e-mail comes once a day, at ${hourWords(settings.digestHour)} Eastern time, when requests are past the promise.`,
      "An administrator can change the time, or turn it off, in the staff area's lead settings.",
    ].join("\n"),
  };
}
