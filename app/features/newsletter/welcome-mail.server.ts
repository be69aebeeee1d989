import nodemailer, { type Transporter } from "nodemailer";
import { unsubscribeUrl } from "./unsubscribe-token.server";

export interface NewsletterMailSettings {
  smtpUrl?: string;
  from?: string;
  publicUrl: string;
  /** Signs the unsubscribe link. */
  secret: string;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The welcome e-mail: what was signed up for, and the way out in one click. */
export function welcomeMessage(to: string, unsubscribeLink: string) {
  return {
    to,
    subject: "Welcome to our weekly mental health newsletter",
    text: [
      "Hello,",
      "",
      "Thank you for subscribing. Once a week we'll send you gentle, practical ideas for looking after your",
      "mental health, and the occasional bit of news from the clinic. Nothing else, and we never share your address.",
      "",
      "If you didn't sign up, or you change your mind at any time, this link takes you off the list:",
      unsubscribeLink,
      "",
      "This newsletter is not for emergencies. If you are in crisis or thinking about suicide, call or text 988",
      "(Suicide & Crisis Lifeline) any time. In an emergency, call 911 or go to the nearest emergency room.",
    ].join("\n"),
    // RFC 2369 and RFC 8058: mail programs show an "Unsubscribe" button that posts to the link.
    headers: {
      "List-Unsubscribe": `<${unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Sends the welcome e-mail after a subscription commits, only when SMTP_URL
 * is set. It never holds up or fails the visitor's request: the answer has
 * already gone when the mail is sent, and a failure is logged (by its error
 * code, never the address) and dropped. A welcome is a courtesy, not a record.
 */
export class NewsletterMailer {
  private readonly transport?: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly settings: NewsletterMailSettings,
    private readonly log: Log,
  ) {
    if (settings.smtpUrl) {
      this.transport = nodemailer.createTransport(settings.smtpUrl, {
        from: settings.from ?? `Clinic newsletter <no-reply@${new URL(settings.publicUrl).hostname}>`,
      });
    }
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  sendWelcome(subscriber: { id: string; email: string }): void {
    if (!this.transport) return;
    const link = unsubscribeUrl(this.settings.publicUrl, this.settings.secret, subscriber.id);
    const sending = this.transport
      .sendMail(welcomeMessage(subscriber.email, link))
      .then(
        () => this.log.info({}, "newsletter welcome e-mail sent"),
        (error: unknown) => {
          // Server replies can quote the recipient: keep only the codes.
          const e = error as { code?: string; responseCode?: number };
          this.log.warn({ code: e.code, responseCode: e.responseCode }, "newsletter welcome e-mail not sent");
        },
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Waits for welcomes on their way (graceful shutdown, tests). */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport?.close();
  }
}
