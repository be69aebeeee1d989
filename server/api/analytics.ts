import type { z } from "zod";
import { eventSchema, pageViewSchema } from "~/features/analytics/analytics-schema";
import type { BeaconClient, IngestOutcome } from "~/features/analytics/ingester.server";
import { RateLimitedError } from "~/lib/rate-limit.server";
import type { WriteAnswer } from "~/lib/json-write.server";
import { createJsonWrite } from "../json-endpoint";
import type { ApiDeps } from "./deps";

// A beacon is a few hundred bytes; 4 KB leaves room for long UTM values.
const MAX_BYTES = 4 * 1024;

// 201: committed (the rows exist). 202: accepted but deliberately not stored
// (a bot; only counted per hour, in analytics_bot_hits). Neither is read by the browser (spec §7: failures are ignored).
const RECORDED: WriteAnswer = { status: 201, body: { status: "recorded" } };
const IGNORED: WriteAnswer = { status: 202, body: { status: "ignored", reason: "bot" } };

function beaconEndpoint<S extends z.ZodType>(
  { logger, services }: ApiDeps,
  schema: S,
  record: (input: z.output<S>, client: BeaconClient) => Promise<IngestOutcome>,
) {
  return createJsonWrite({
    schema,
    maxBytes: MAX_BYTES,
    logger,
    async handle(input, client) {
      // The header, not the body's userAgent: it is what the browser cannot
      // leave out, and events carry no body copy to match page views by.
      const { userAgent } = client;
      if (services.analytics.isBot(userAgent)) {
        services.analytics.countBot();
        return IGNORED;
      }
      const outcome = await record(input, { ip: client.ip, userAgent, host: client.hostname });
      if (outcome.status === "rate_limited") throw new RateLimitedError(outcome.retryAfterSeconds);
      return RECORDED;
    },
  });
}

/**
 * The beacon writes, keyed by path. They are served by the node:http front
 * (server/beacon-front.ts), not Express: at thousands per second the router
 * and middleware cost more than the database work.
 */
export function beaconWrites(deps: ApiDeps) {
  return new Map([
    ["/api/analytics/page-view", pageViewEndpoint(deps)],
    ["/api/analytics/event", eventEndpoint(deps)],
  ]);
}

/** POST /api/analytics/page-view (spec §7): sent on first load and on each path change. */
export function pageViewEndpoint(deps: ApiDeps) {
  return beaconEndpoint(deps, pageViewSchema, (input, client) => deps.services.analytics.recordPageView(input, client));
}

/** POST /api/analytics/event (spec §7): phone clicks, directions, web vitals… */
export function eventEndpoint(deps: ApiDeps) {
  return beaconEndpoint(deps, eventSchema, (input, client) => deps.services.analytics.recordEvent(input, client));
}
