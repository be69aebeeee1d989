import express, { type NextFunction, type Request, type Response } from "express";
import type { z } from "zod";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../app/lib/database-availability.server";
import { fieldErrors } from "../app/lib/field-errors";
import { RateLimitedError, rateLimitedMessage } from "../app/lib/rate-limit.server";
import type { Logger } from "./logger";

export interface EndpointResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Thrown by a handler to answer with a client error of its choosing. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.error ?? status));
  }
}

/**
 * The one pipeline every JSON write endpoint goes through:
 * 415 unless the body is JSON → 413 past `maxBytes` → 400 for broken JSON or
 * for a body the schema refuses (with a message per field) → the handler →
 * 503 when the database is away. Nothing a client sends can produce a 500.
 */
export function jsonEndpoint<S extends z.ZodType>(options: {
  schema: S;
  maxBytes: number;
  logger: Logger;
  handle: (input: z.output<S>, req: Request) => Promise<EndpointResult>;
}) {
  const parse = express.json({ limit: options.maxBytes, type: () => true, strict: false });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.is("application/json")) {
        res.status(415).json({ error: "Send the body as JSON (Content-Type: application/json)." });
        return;
      }
      parse(req, res, (error?: unknown) => {
        if (error) {
          sendBodyError(res, error);
          return;
        }
        next();
      });
    },
    async (req: Request, res: Response) => {
      const parsed = options.schema.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json(fieldErrors(parsed.error));
        return;
      }
      try {
        const result = await options.handle(parsed.data, req);
        res
          .status(result.status)
          .set(result.headers ?? {})
          .json(result.body);
      } catch (error) {
        sendHandlerError(res, error, options.logger, req.path);
      }
    },
  ];
}

/** body-parser's errors carry the right 4xx status; say in words what was wrong. */
export function sendBodyError(res: Response, error: unknown) {
  const e = error as { status?: number; type?: string; limit?: number };
  // The rest of the body was never read: this connection cannot carry another request.
  res.set("Connection", "close");
  if (e.type === "entity.too.large") {
    res.status(413).json({ error: `The request body is too large (at most ${e.limit} bytes).` });
  } else if (e.type === "charset.unsupported" || e.type === "encoding.unsupported") {
    res.status(415).json({ error: "Send the body as UTF-8 JSON without content encoding." });
  } else if (e.type === "entity.parse.failed") {
    res.status(400).json({ error: "The request body is not valid JSON.", fields: {} });
  } else {
    res.status(e.status && e.status >= 400 && e.status < 500 ? e.status : 400).json({
      error: "The request body could not be read.",
      fields: {},
    });
  }
}

export function sendHandlerError(res: Response, error: unknown, logger: Logger, path: string) {
  if (error instanceof HttpError) {
    res.status(error.status).set(error.headers).json(error.body);
  } else if (error instanceof RateLimitedError) {
    res
      .status(429)
      .set("Retry-After", String(error.retryAfterSeconds))
      .json({ error: rateLimitedMessage(error.retryAfterSeconds) });
  } else if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
    // The message of the cause could quote a query: only its name is logged.
    logger.warn({ path }, "database unavailable: write refused with 503");
    res.status(503).set("Retry-After", "5").json({
      error: "We could not save this right now. Please try again in a moment, or call the clinic.",
    });
  } else {
    logger.error({ path, err: { name: (error as Error)?.name } }, "write endpoint failed");
    res.status(500).json({ error: "Something went wrong on our side. Please call the clinic." });
  }
}
