import type { RouterContextProvider } from "react-router";
import { callTheClinic } from "./clinic-phone.server";
import { databaseAwayContext, isDatabaseUnavailable } from "./database-availability.server";
import { RateLimitedError, rateLimitedMessage } from "./rate-limit.server";

export interface PageWriteFailure {
  status: 429 | 503;
  message: string;
  headers: Record<string, string>;
}

/**
 * What a page action tells the visitor when a write could not be done for a
 * reason of ours (too many requests, database away): the same answers as
 * the JSON API, as a sentence for the page. Anything else is rethrown.
 * A database found away is noted in the request's context, so the loaders
 * that render the answer do not wait for it again.
 */
export function pageWriteFailure(error: unknown, context: Readonly<RouterContextProvider>): PageWriteFailure {
  if (error instanceof RateLimitedError) {
    return {
      status: 429,
      message: rateLimitedMessage(error.retryAfterSeconds),
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    };
  }
  if (isDatabaseUnavailable(error)) {
    context.set(databaseAwayContext, true);
    return {
      status: 503,
      message: `We could not save this right now. Please try again in a moment, or ${callTheClinic()}.`,
      headers: { "Retry-After": "5" },
    };
  }
  throw error;
}

/** Answers with per-request content: never stored by a browser, proxy or our page cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
