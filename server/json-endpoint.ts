import type { IncomingMessage } from "node:http";
import {
  BodyTooLargeError,
  runJsonWrite,
  type JsonWriteSpec,
  type WriteAnswer,
  type WriteClient,
  type WriteRequest,
} from "~/lib/json-write.server";
import type { z } from "zod";

export type JsonWrite = (req: IncomingMessage, client: WriteClient, path: string) => Promise<WriteAnswer>;

/**
 * The JSON write pipeline (app/lib/json-write.server.ts) for a write served
 * straight from node:http: the analytics beacons, answered by the front
 * before Express and React Router (server/beacon-front.ts). Every other JSON
 * write is a resource route of app/routes/api/ on the same pipeline.
 */
export function createJsonWrite<S extends z.ZodType>(spec: JsonWriteSpec<S, WriteClient>): JsonWrite {
  return (req, client, path) => runJsonWrite(incomingRequest(req, path), spec, client);
}

function incomingRequest(req: IncomingMessage, path: string): WriteRequest {
  return {
    path,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    readBody: (maxBytes) => readIncomingBody(req, maxBytes),
  };
}

/**
 * Reads a body of at most `maxBytes`, counted as it arrives whatever
 * Content-Length says. Small and direct on purpose: the analytics beacons
 * pass through here thousands of times a second.
 */
function readIncomingBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        reject(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onAborted = () => {
      cleanup();
      reject(new Error("request aborted"));
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
