import type { z } from "zod";
import { callTheClinic } from "./clinic-phone.server";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./database-availability.server";
import { fieldErrors } from "./field-errors";
import { RateLimitedError, rateLimitedMessage } from "./rate-limit.server";

/** What a JSON write answers. */
export interface WriteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The request body was left unread: the connection cannot carry another request. */
  closeConnection?: boolean;
}

/** Who sent a write, as resolved through trusted proxies. */
export interface WriteClient {
  ip: string;
  userAgent: string;
  /** The Host the request was sent to, without port. */
  hostname: string;
}

/** What the pipeline logs: the path and the outcome, never a body. */
export interface WriteLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A request as the pipeline reads it, whoever received it: node:http (the beacons) or React Router. */
export interface WriteRequest {
  path: string;
  header(name: string): string | null | undefined;
  /** The body's bytes; rejects with BodyTooLargeError past `maxBytes`, counted as they arrive. */
  readBody(maxBytes: number): Promise<Buffer>;
}

export interface JsonWriteSpec<S extends z.ZodType, C> {
  schema: S;
  maxBytes: number;
  logger: WriteLogger;
  handle: (input: z.output<S>, client: C) => Promise<WriteAnswer>;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super("request body too large");
  }
}

class BodyReadError extends Error {}

/**
 * The one pipeline every JSON write goes through, whoever serves it (the
 * resource routes of app/routes/api/, the beacon front for analytics):
 * 415 unless the body is UTF-8 JSON without content encoding → 413 past
 * `maxBytes` → 400 for broken JSON or for a body the schema refuses (with a
 * message per field) → the handler → 429 when over the client's limit, 503
 * when the database is away. Nothing a client sends can produce a 500.
 */
export async function runJsonWrite<S extends z.ZodType, C>(
  request: WriteRequest,
  spec: JsonWriteSpec<S, C>,
  client: C,
): Promise<WriteAnswer> {
  const contentType = request.header("content-type") ?? "";
  if (contentType.split(";")[0]!.trim().toLowerCase() !== "application/json") {
    return { status: 415, body: { error: "Send the body as JSON (Content-Type: application/json)." } };
  }
  const encoding = (request.header("content-encoding") ?? "identity").toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (encoding !== "identity" || (charset && charset !== "utf-8" && charset !== "utf8")) {
    return {
      status: 415,
      closeConnection: true,
      body: { error: "Send the body as UTF-8 JSON without content encoding." },
    };
  }
  let body: unknown;
  try {
    if (Number(request.header("content-length")) > spec.maxBytes) throw new BodyTooLargeError(spec.maxBytes);
    body = parseJson(await request.readBody(spec.maxBytes));
  } catch (error) {
    return bodyErrorAnswer(error);
  }
  const parsed = spec.schema.safeParse(body);
  if (!parsed.success) return { status: 400, body: fieldErrors(parsed.error) };
  try {
    return await spec.handle(parsed.data, client);
  } catch (error) {
    return failureAnswer(error, spec.logger, request.path);
  }
}

/** A `\uD800`–`\uDFFF` escape: half of a UTF-16 pair, which JSON allows alone and text cannot hold. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const whole = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD");

/**
 * Every string and key with a lone half of a UTF-16 pair made whole with U+FFFD, as the bytes of a
 * broken UTF-8 character already are: PostgreSQL refuses such an escape in jsonb (a lead's note with
 * one was a 500), and no keyboard types one. Runs only when the text holds such an escape.
 */
function wellFormed(_key: string, value: unknown): unknown {
  if (typeof value === "string") return whole(value);
  if (value !== null && typeof value === "object" && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [whole(key), inner]));
  return value;
}

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString("utf8");
  if (text.trim() === "") return {};
  try {
    return SURROGATE_ESCAPE.test(text) ? JSON.parse(text, wellFormed) : JSON.parse(text);
  } catch {
    throw new BodyReadError("not JSON");
  }
}

/** Say in words what was wrong with the body. */
function bodyErrorAnswer(error: unknown): WriteAnswer {
  // The rest of the body may be unread: this connection cannot carry another request.
  const closeConnection = true;
  if (error instanceof BodyTooLargeError) {
    return {
      status: 413,
      closeConnection,
      body: { error: `The request body is too large (at most ${error.limit} bytes).` },
    };
  }
  if (error instanceof BodyReadError) {
    return { status: 400, closeConnection, body: { error: "The request body is not valid JSON.", fields: {} } };
  }
  return { status: 400, closeConnection, body: { error: "The request body could not be read.", fields: {} } };
}

/** 429, 503 or 500 for an error a handler threw, in words a person can act on. */
export function failureAnswer(error: unknown, logger: WriteLogger, path: string): WriteAnswer {
  if (error instanceof RateLimitedError) {
    return {
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
      body: { error: rateLimitedMessage(error.retryAfterSeconds) },
    };
  }
  if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
    // The message of the cause could quote a query: only the path is logged.
    // Debug only: the outage itself is logged once by the database watch (server/database-watch.ts).
    logger.debug({ path }, "database unavailable: write refused with 503");
    return {
      status: 503,
      headers: { "Retry-After": "5" },
      body: { error: `We could not save this right now. Please try again in a moment, or ${callTheClinic()}.` },
    };
  }
  logger.error({ path, err: { name: (error as Error)?.name } }, "write endpoint failed");
  return { status: 500, body: { error: "Something went wrong on our side. Please call the clinic." } };
}

/** A Web Request (a React Router resource route's) as the pipeline reads it. */
export function writeRequestOf(request: Request): WriteRequest {
  return {
    path: new URL(request.url).pathname,
    header: (name) => request.headers.get(name),
    async readBody(maxBytes) {
      if (!request.body) return Buffer.alloc(0);
      const reader = request.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          throw new BodyTooLargeError(maxBytes);
        }
        chunks.push(value);
      }
      return Buffer.concat(chunks);
    },
  };
}

/** The answer as a Response; Connection: close when the body was left unread. */
export function answerResponse(answer: WriteAnswer): Response {
  const headers = new Headers(answer.headers);
  if (answer.closeConnection) headers.set("Connection", "close");
  return Response.json(answer.body, { status: answer.status, headers });
}

/** For the methods a JSON endpoint does not take: 405 in JSON, naming the one it does. */
export function methodNotAllowed(allowed: "GET" | "POST"): Response {
  return Response.json(
    { error: `This address takes ${allowed} requests only.` },
    { status: 405, headers: { Allow: allowed, "Cache-Control": "no-store" } },
  );
}
