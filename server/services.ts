import type { ServerServices } from "~/context";
import type { Database } from "~/db/client.server";
import { AnalyticsIngester } from "~/features/analytics/ingester.server";
import { DigestMailer } from "~/features/lead-upkeep/digest-mailer.server";
import { LeadNotifier } from "~/features/leads/lead-notifier.server";
import { NewsletterMailer } from "~/features/newsletter/welcome-mail.server";
import { inProcessReader, SiteAuditRunner } from "~/features/seo-audit/audit-runner.server";
import { RedirectRuntime } from "~/features/seo-redirects/redirect-runtime.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "./logger";

/** The helpers actions and the JSON API share, built from the settings (and the page cache, when there is one). */
export function createServices(
  env: Env,
  database: Database,
  logger: Logger,
  secret: string,
  pageCache: ServerServices["pageCache"] = { contentChanged() {} },
): ServerServices {
  const rateRules = {
    forms: { name: "forms", limit: env.RATE_LIMIT_FORMS, windowSeconds: env.RATE_LIMIT_FORMS_WINDOW_SECONDS },
    analytics: {
      name: "analytics",
      limit: env.RATE_LIMIT_ANALYTICS,
      windowSeconds: env.RATE_LIMIT_ANALYTICS_WINDOW_SECONDS,
    },
  };
  const staffMail = {
    smtpUrl: env.SMTP_URL,
    notifyTo: env.NOTIFY_TO,
    notifyFrom: env.NOTIFY_FROM,
    publicUrl: env.PUBLIC_URL,
  };
  const self: ServerServices["self"] = { url: null };
  return {
    notifier: new LeadNotifier(database.db, staffMail, logger),
    leadDigest: new DigestMailer(staffMail),
    newsletter: new NewsletterMailer(
      { smtpUrl: env.SMTP_URL, from: env.NOTIFY_FROM, publicUrl: env.PUBLIC_URL, secret },
      logger,
    ),
    analytics: new AnalyticsIngester({ database, rule: rateRules.analytics, secret, publicUrl: env.PUBLIC_URL }),
    redirects: new RedirectRuntime(database.db, {
      onError: (error) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "redirects: database not answering",
        ),
    }),
    self,
    pageCache,
    // Reads the pages through this server itself until main.ts hands it a worker thread's reader.
    seoAudit: new SiteAuditRunner(database.db, { publicUrl: env.PUBLIC_URL, logger, reader: inProcessReader(self) }),
    secret,
    rateRules,
    blogAi:
      env.BLOG_AI_BASE_URL && env.BLOG_AI_MODEL
        ? {
            baseUrl: env.BLOG_AI_BASE_URL,
            apiKey: env.BLOG_AI_API_KEY ?? null,
            model: env.BLOG_AI_MODEL,
            timeoutMs: Math.round(env.BLOG_AI_TIMEOUT_SECONDS * 1000),
          }
        : null,
    secureCookies: env.NODE_ENV === "production",
    logger,
  };
}
