import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "~/db/client.server";
import { notificationOutbox } from "~/db/schema";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time";
import { leadPagePath } from "~/lib/lead-paths";

export interface NotifierSettings {
  smtpUrl?: string;
  notifyTo?: string;
  notifyFrom?: string;
  publicUrl: string;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

// A claimed notification is retried after this long if its sender died mid-send.
const CLAIM_MS = 2 * 60_000;
const BATCH = 10;
const IDLE_POLL_MS = 30_000;
const KICK_DELAY_MS = 100;

/**
 * The staff e-mail for a new lead. It names no one and says nothing about
 * the request: the details stay behind the staff sign-in. The link opens the
 * lead's own page (behind the sign-in); its address is a random id that
 * names no one.
 */
export function newLeadMessage(publicUrl: string, receivedAt: Date, leadId: string) {
  const link = `${publicUrl}${leadPagePath(leadId)}`;
  const when = receivedAt.toLocaleString("en-US", {
    timeZone: CLINIC_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return {
    subject: "New appointment request — sign in to view",
    text: [
      `A new request came in through the website (${when}, Eastern).`,
      "",
      "For privacy, this e-mail holds no details. Sign in to the staff area to read and answer it:",
      link,
      "",
      "We promise visitors a reply within 24 hours.",
    ].join("\n"),
  };
}

/**
 * Sends the queued staff notifications (the outbox). Each instance runs one;
 * rows are claimed with SKIP LOCKED so two instances never send the same one.
 * Failures retry with back-off; without SMTP settings each lead logs one line
 * and is marked skipped.
 */
export class LeadNotifier {
  private transport?: Transporter;
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;
  private kickTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly settings: NotifierSettings,
    private readonly log: Log,
  ) {
    if (settings.smtpUrl && settings.notifyTo) {
      this.transport = nodemailer.createTransport(settings.smtpUrl, {
        from: settings.notifyFrom ?? `Clinic website <no-reply@${new URL(settings.publicUrl).hostname}>`,
      });
    }
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  start(): void {
    this.schedule(0);
  }

  /**
   * Called after a lead commits: send soon rather than at the next poll.
   * Soon, not now: leads arriving together are then claimed together, in a
   * few statements instead of a few per lead.
   */
  kick(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.drainNow();
    }, KICK_DELAY_MS);
  }

  private drainNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.drainNow();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.kickTimer);
    await this.running;
    this.transport?.close();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.drainNow(), ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const claimed = await this.claim();
        if (claimed.length === 0) break;
        if (!this.transport) {
          // Nothing to send with: one line per lead, and the rows closed in one statement.
          for (const row of claimed) {
            this.log.info(
              { leadId: row.leadId },
              "staff notification not sent: SMTP_URL and NOTIFY_TO are not both set",
            );
          }
          await this.db
            .update(notificationOutbox)
            .set({ sentAt: new Date(), outcome: "skipped" })
            .where(
              inArray(
                notificationOutbox.id,
                claimed.map((row) => row.id),
              ),
            );
          continue;
        }
        for (const row of claimed) await this.deliver(row);
      }
    } catch (error) {
      // The database is away: the rows stay queued and the next poll retries.
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, "staff notifications paused");
    } finally {
      this.schedule(IDLE_POLL_MS);
    }
  }

  private async claim() {
    const due = this.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(notificationOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return this.db
      .update(notificationOutbox)
      .set({
        attempts: sql`${notificationOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval`,
      })
      .where(inArray(notificationOutbox.id, due))
      .returning({
        id: notificationOutbox.id,
        leadId: notificationOutbox.leadId,
        createdAt: notificationOutbox.createdAt,
        attempts: notificationOutbox.attempts,
      });
  }

  private async deliver(row: { id: number; leadId: string | null; createdAt: Date; attempts: number }) {
    // (Without a transport, drain() closes the rows itself; a row whose lead is gone has nothing to say.)
    if (!this.transport || !row.leadId) {
      await this.finish(row.id, "skipped");
      return;
    }
    try {
      const message = newLeadMessage(this.settings.publicUrl, row.createdAt, row.leadId);
      await this.transport.sendMail({ to: this.settings.notifyTo, ...message });
      await this.finish(row.id, "sent");
      this.log.info({ leadId: row.leadId }, "staff notified of a new lead");
    } catch (error) {
      // Back off 1, 2, 4 … minutes, at most an hour; the message names no lead data.
      const delayMs = Math.min(60 * 60_000, 60_000 * 2 ** Math.min(row.attempts - 1, 6));
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      await this.db
        .update(notificationOutbox)
        .set({ outcome: reason, nextAttemptAt: new Date(Date.now() + delayMs) })
        .where(eq(notificationOutbox.id, row.id));
      this.log.warn(
        { leadId: row.leadId, attempt: row.attempts, err: reason },
        "staff notification failed; will retry",
      );
    }
  }

  private async finish(id: number, outcome: string) {
    await this.db.update(notificationOutbox).set({ sentAt: new Date(), outcome }).where(eq(notificationOutbox.id, id));
  }
}
