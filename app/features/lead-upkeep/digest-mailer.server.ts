import nodemailer, { type Transporter } from "nodemailer";
import type { NotifierSettings } from "~/features/leads/lead-notifier.server";

/** The settings the digest needs and may lack, by the names an operator sets. */
export type DigestSetting = "SMTP_URL" | "NOTIFY_TO";

/**
 * Sends the daily overdue digest to the intake address through the same
 * SMTP settings as the new-lead notice (SMTP_URL, NOTIFY_TO, NOTIFY_FROM).
 * Without both, `missing` says which is not set and nothing is sent.
 */
export class DigestMailer {
  readonly missing: readonly DigestSetting[];
  private readonly transport?: Transporter;

  constructor(private readonly settings: NotifierSettings) {
    this.missing = [
      ...(settings.smtpUrl ? [] : (["SMTP_URL"] as const)),
      ...(settings.notifyTo ? [] : (["NOTIFY_TO"] as const)),
    ];
    if (this.missing.length === 0) {
      this.transport = nodemailer.createTransport(settings.smtpUrl!, {
        from: settings.notifyFrom ?? `Clinic website <no-reply@${new URL(settings.publicUrl).hostname}>`,
      });
    }
  }

  /** The site's own address, for the link in the digest. */
  get publicUrl(): string {
    return this.settings.publicUrl;
  }

  /** Sends one message to the intake address; rejects with the mail server's reason. */
  async send(message: { subject: string; text: string }): Promise<void> {
    if (!this.transport) throw new Error(`${this.missing.join(" and ")} not set`);
    await this.transport.sendMail({ to: this.settings.notifyTo, ...message });
  }

  close(): void {
    this.transport?.close();
  }
}
