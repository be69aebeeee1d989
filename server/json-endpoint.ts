import type { IncomingMessage } from "node:http";
import type { Request, Response } from "express";
import type { z } from "zod";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "~/lib/database-availability.server";
import { fieldErrors } from "~/lib/field-errors";
import { RateLimitedError, rateLimitedMessage } from "~/lib/rate-limit.server";
import type { Logger } from "./logger";

export interface EndpointResult {
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
  /** The Cookie header (the staff sign-in reads its session from it). */
  cookieHeader?: string;
  /** The full URL asked for (https or not decides the cookie's Secure flag). */
  url?: string;
}

export interface JsonWriteSpec<S extends z.ZodType> {
  schema: S;
  maxBytes: number;
  logger: Logger;
  handle: (input: z.output<S>, client: WriteClient) => Promise<EndpointResult>;
}

export type JsonWrite = (req: IncomingMessage, client: WriteClient, path: string) => Promise<EndpointResult>;

/**
 * The one pipeline every JSON write goes through, whoever serves it (Express
 * for most; the beacon front in server/beacon-front.ts for analytics):
 * 415 unless the body is JSON → 413 past `maxBytes` → 400 for broken JSON or
 * for a body the schema refuses (with a message per field) → the handler →
 * 429 when over the client's limit, 503 when the database is away. Nothing a
 * client sends can produce a 500.
 */
export function createJsonWrite<S extends z.ZodType>(spec: JsonWriteSpec<S>): JsonWrite {
  return async (req, client, path) => {
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") {
      return { status: 415, body: { error: "Send the body as JSON (Content-Type: application/json)." } };
    }
    let body: unknown;
    try {
      body = await readJsonBody(req, spec.maxBytes);
    } catch (error) {
      return bodyErrorResult(error);
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) return { status: 400, body: fieldErrors(parsed.error) };
    try {
      return await spec.handle(parsed.data, client);
    } catch (error) {
      return handlerErrorResult(error, spec.logger, path);
    }
  };
}

/** The same pipeline as an Express route. */
export function jsonEndpoint<S extends z.ZodType>(spec: JsonWriteSpec<S>) {
  const run = createJsonWrite(spec);
  return async (req: Request, res: Response) => {
    const client = {
      ip: req.ip ?? "",
      userAgent: req.get("user-agent") ?? "",
      hostname: req.hostname,
      cookieHeader: req.get("cookie"),
      url: `${req.protocol}://${req.get("host")}${req.originalUrl}`,
    };
    sendResult(res, await run(req, client, req.path));
  };
}

export function sendResult(res: Response, result: EndpointResult) {
  if (result.closeConnection) res.set("Connection", "close");
  res
    .status(result.status)
    .set(result.headers ?? {})
    .json(result.body);
}

class BodyError extends Error {
  constructor(
    readonly type:
      "entity.too.large" | "encoding.unsupported" | "charset.unsupported" | "entity.parse.failed" | "request.aborted",
    readonly limit?: number,
  ) {
    super(type);
  }
}

/**
 * Reads a JSON body of at most `maxBytes` (counted as it arrives, whatever
 * Content-Length says), UTF-8, without content encoding. Small and direct on
 * purpose: the analytics beacons pass through here thousands of times a second.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    if (encoding !== "identity") return reject(new BodyError("encoding.unsupported"));
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers["content-type"] ?? "")?.[1]?.toLowerCase();
    if (charset && charset !== "utf-8" && charset !== "utf8") return reject(new BodyError("charset.unsupported"));
    const declared = Number(req.headers["content-length"]);
    if (declared > maxBytes) return reject(new BodyError("entity.too.large", maxBytes));

    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        reject(new BodyError("entity.too.large", maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const text = chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new BodyError("entity.parse.failed"));
      }
    };
    const onAborted = () => {
      cleanup();
      reject(new BodyError("request.aborted"));
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("aborted", onAborted);
      req.off("error", onAborted);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("aborted", onAborted);
    req.on("error", onAborted);
  });
}

/** Say in words what was wrong with the body. */
function bodyErrorResult(error: unknown): EndpointResult {
  const e = error as { status?: number; type?: string; limit?: number };
  // The rest of the body was never read: this connection cannot carry another request.
  const closeConnection = true;
  if (e.type === "entity.too.large") {
    return {
      status: 413,
      closeConnection,
      body: { error: `The request body is too large (at most ${e.limit} bytes).` },
    };
  }
  if (e.type === "charset.unsupported" || e.type === "encoding.unsupported") {
    return { status: 415, closeConnection, body: { error: "Send the body as UTF-8 JSON without content encoding." } };
  }
  if (e.type === "entity.parse.failed") {
    return { status: 400, closeConnection, body: { error: "The request body is not valid JSON.", fields: {} } };
  }
  return {
    status: e.status && e.status >= 400 && e.status < 500 ? e.status : 400,
    closeConnection,
    body: { error: "The request body could not be read.", fields: {} },
  };
}

/** 429, 503 or 500 for an error a handler threw, in words a person can act on. */
export function handlerErrorResult(error: unknown, logger: Logger, path: string): EndpointResult {
  if (error instanceof RateLimitedError) {
    return {
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
      body: { error: rateLimitedMessage(error.retryAfterSeconds) },
    };
  }
  if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
    // The message of the cause could quote a query: only the path is logged.
    logger.warn({ path }, "database unavailable: write refused with 503");
    return {
      status: 503,
      headers: { "Retry-After": "5" },
      body: { error: "We could not save this right now. Please try again in a moment, or call the clinic." },
    };
  }
  logger.error({ path, err: { name: (error as Error)?.name } }, "write endpoint failed");
  return { status: 500, body: { error: "Something went wrong on our side. Please call the clinic." } };
}
