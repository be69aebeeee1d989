import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { ActiveSession } from "~/features/auth/session.server";
import type { BlogAiSettings } from "~/features/blog-generator/model-settings";
import type { AnalyticsIngester } from "~/features/analytics/ingester.server";
import type { DigestMailer } from "~/features/lead-upkeep/digest-mailer.server";
import type { LeadNotifier } from "~/features/leads/lead-notifier.server";
import type { NewsletterMailer } from "~/features/newsletter/welcome-mail.server";
import type { SiteAuditRunner } from "~/features/seo-audit/audit-runner.server";
import type { RedirectRuntime } from "~/features/seo-redirects/redirect-runtime.server";
import type { z } from "zod";
import {
  answerResponse,
  runJsonWrite,
  writeRequestOf,
  type JsonWriteSpec,
  type WriteClient,
} from "~/lib/json-write.server";
import type { RateRule } from "~/lib/rate-limit.server";

/** The database reaches loaders through the router context, never a module global. */
export const databaseContext = createContext<Database>();

/** The subset of settings that pages may read (and that may reach the browser). */
export interface PublicConfig {
  publicUrl: string;
}

/** Settings the pages need (canonical base URL and the like), resolved at start. */
export const configContext = createContext<PublicConfig>();

/** Server-side helpers that actions share with the JSON API. */
export interface ServerServices {
  notifier: LeadNotifier;
  /** The daily overdue digest to the intake address (same SMTP settings; `missing` names what is not set). */
  leadDigest: DigestMailer;
  /** Welcome e-mails to new subscribers (only when SMTP_URL is set). */
  newsletter: NewsletterMailer;
  /** Group-commits analytics beacons (POST /api/analytics/*). */
  analytics: AnalyticsIngester;
  /** The redirect table in memory (answered before the page cache) and the 404 monitor's counts. */
  redirects: RedirectRuntime;
  /**
   * Where this process itself answers (a loopback address), known once it listens: the site reads
   * its own pages there, as a visitor gets them (the search audit, the page settings' checks).
   */
  self: { url: string | null };
  /**
   * This instance's page cache, told the content version a change has just committed: it drops its
   * pages at once, so the change holds here before the answer (the other instances see the version
   * row within their 2 s poll).
   */
  pageCache: { contentChanged(version: string): void };
  /** The site audit's runs in the background (in production its pages are read in a worker thread). */
  seoAudit: SiteAuditRunner;
  rateRules: { forms: RateRule; analytics: RateRule };
  /** The blog generator's model endpoint (BLOG_AI_*), or null when none is connected. Server only. */
  blogAi: BlogAiSettings | null;
  /** Keys the per-client rate counters (see clientKey). */
  secret: string;
  /** Session cookies carry Secure even on a plain-http request (production, behind a TLS proxy). */
  secureCookies: boolean;
  /** The server's log (paths and outcomes only: never a body, a query string or an address). */
  logger: Logger;
}
export const servicesContext = createContext<ServerServices>();

/** Who is asking (the address as resolved through trusted proxies); never stored raw. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
export const clientContext = createContext<ClientInfo>();

/** Who sent a JSON write: the client, and the host it was sent to. */
export function writeClientOf(request: Request, context: Readonly<RouterContextProvider>): WriteClient {
  return { ...context.get(clientContext), hostname: new URL(request.url).hostname };
}

/** What a resource route's JSON write handler gets besides the body: who sent it, the database, the services. */
export interface RouteWrite extends WriteClient {
  db: Database["db"];
  services: ServerServices;
}

/**
 * A resource route's JSON write through the one pipeline (app/lib/json-write.server.ts), with
 * the client, the database, the services and the log taken from the request's context.
 */
export async function answerJsonWrite<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  spec: Omit<JsonWriteSpec<S, RouteWrite>, "logger">,
): Promise<Response> {
  const services = context.get(servicesContext);
  const write: RouteWrite = { ...writeClientOf(request, context), db: context.get(databaseContext).db, services };
  return answerResponse(await runJsonWrite(writeRequestOf(request), { ...spec, logger: services.logger }, write));
}

/** The signed-in staff member, set by the staff area's middleware before any of its loaders run. */
export const staffContext = createContext<ActiveSession>();
