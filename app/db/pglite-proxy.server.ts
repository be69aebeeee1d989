import type { MessagePort } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database, Db } from "./client.server";
import * as schema from "./schema";

/**
 * PGlite from another thread. One process owns a PGlite data directory, and
 * its instance lives in the server's main thread; a worker thread (the site
 * audit's own instance of the site) gets a Database whose queries travel over
 * a MessagePort and run on that one instance.
 *
 * The worker side is a stand-in for the PGlite client under Drizzle's own
 * PGlite driver, so every query is prepared, sent and mapped exactly as in the
 * main thread: the only thing that crosses the port is PGlite's `query(sql,
 * params, options)` call and its result. Drizzle passes value parsers (keep
 * timestamps as text) as functions, which cannot cross; they are sent as the
 * type ids to leave as text and rebuilt on the other side. (Drizzle's
 * pg-proxy driver was the other way: it maps results as node-postgres returns
 * them, so a page would get other values than in the main thread.)
 * Transactions are refused: nothing a public page reads needs one, and one
 * held across the port would block the server's own queries.
 */

interface QueryMessage {
  id: number;
  sql: string;
  params: unknown[];
  rowMode: "array" | "object" | undefined;
  /** Type ids whose values stay text. */
  asText: number[];
}

type ReplyMessage =
  | { id: number; result: { rows: unknown[]; fields: unknown[]; affectedRows?: number } }
  | { id: number; error: { message: string; code?: string } };

const keepText = (value: string) => value;

/** Lets the thread's event loop take waiting I/O (a visitor's request) before the next query. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Answers a worker's queries on this thread's PGlite, one at a time, letting
 * the event loop answer whatever else waits (visitors) between two. Returns a
 * stop function and the time this thread spent running them (the cost the
 * worker puts on the thread that serves visitors).
 */
export function serveQueries(
  port: MessagePort,
  pglite: PGlite,
): { busyMs: () => number; queries: () => number; close: () => void } {
  let busy = 0;
  let count = 0;
  const queue: QueryMessage[] = [];
  let serving = false;
  const answer = async (message: QueryMessage): Promise<ReplyMessage> => {
    const parsers = Object.fromEntries(message.asText.map((oid) => [oid, keepText]));
    try {
      const result = await pglite.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
      return {
        id: message.id,
        result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
      };
    } catch (error) {
      return {
        id: message.id,
        error: {
          message: error instanceof Error ? error.message : String(error),
          code: (error as { code?: string })?.code,
        },
      };
    }
  };
  const serve = async () => {
    if (serving) return;
    serving = true;
    try {
      for (let message = queue.shift(); message; message = queue.shift()) {
        await yieldToIo();
        const started = performance.now();
        const reply = await answer(message);
        busy += performance.now() - started;
        count += 1;
        port.postMessage(reply);
      }
    } finally {
      serving = false;
    }
  };
  port.on("message", (message: QueryMessage) => {
    queue.push(message);
    void serve();
  });
  return { busyMs: () => busy, queries: () => count, close: () => port.close() };
}

/**
 * The worker's Database: Drizzle's PGlite driver over the port (kind "pglite",
 * as the queries' SQL is PGlite's). A SELECT asked again with the same
 * parameters (every page's root loader reads the site's record) is answered
 * from the first answer: the worker lives for one audit, which reads the site
 * as it was when it began, and each query saved is time the server's own
 * thread gives to visitors.
 */
export function proxyDatabase(port: MessagePort): Database {
  let next = 1;
  const answered = new Map<string, Promise<unknown>>();
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.on("message", (reply: ReplyMessage) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ("result" in reply) entry.resolve(reply.result);
    else entry.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  });
  const send = (message: QueryMessage) =>
    new Promise((resolve, reject) => {
      waiting.set(message.id, { resolve, reject });
      port.postMessage(message);
    });
  const client = {
    query(sql: string, params: unknown[] = [], options: { rowMode?: "array" | "object"; parsers?: object } = {}) {
      const message: QueryMessage = {
        id: next++,
        sql,
        params,
        rowMode: options.rowMode,
        asText: Object.keys(options.parsers ?? {}).map(Number),
      };
      if (!/^\s*select\b/i.test(sql)) return send(message);
      const key = JSON.stringify([sql, params, message.rowMode, message.asText]);
      let result = answered.get(key);
      if (!result) {
        result = send(message);
        answered.set(key, result);
        // A failed read is not kept: the next page asks again.
        result.catch(() => answered.delete(key));
      }
      // Each caller gets its own copy (a loader may change what it was given).
      return result.then((value) => structuredClone(value));
    },
    transaction() {
      return Promise.reject(new Error("No transactions in the site audit's instance of the site."));
    },
  };
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      throw new Error("The site audit's instance never migrates the database.");
    },
    async close() {
      for (const entry of waiting.values()) entry.reject(new Error("The database connection was closed."));
      waiting.clear();
      port.close();
    },
  };
}
