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

/**
 * Answers a worker's queries on this thread's PGlite. Returns a stop function
 * and the time this thread spent running them (the cost the worker puts on
 * the thread that serves visitors).
 */
export function serveQueries(port: MessagePort, pglite: PGlite): { busyMs: () => number; queries: () => number; close: () => void } {
  let busy = 0;
  let count = 0;
  port.on("message", (message: QueryMessage) => {
    const started = performance.now();
    const parsers = Object.fromEntries(message.asText.map((oid) => [oid, keepText]));
    pglite
      .query(message.sql, message.params, { rowMode: message.rowMode, parsers })
      .then(
        (result) => {
          const reply: ReplyMessage = {
            id: message.id,
            result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
          };
          return reply;
        },
        (error: unknown): ReplyMessage => ({
          id: message.id,
          error: {
            message: error instanceof Error ? error.message : String(error),
            code: (error as { code?: string })?.code,
          },
        }),
      )
      .then((reply) => {
        busy += performance.now() - started;
        count += 1;
        port.postMessage(reply);
      });
  });
  return { busyMs: () => busy, queries: () => count, close: () => port.close() };
}

/** The worker's Database: Drizzle's PGlite driver over the port (kind "pglite", as the queries' SQL is PGlite's). */
export function proxyDatabase(port: MessagePort): Database {
  let next = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.on("message", (reply: ReplyMessage) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ("result" in reply) entry.resolve(reply.result);
    else entry.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  });
  const client = {
    query(sql: string, params: unknown[] = [], options: { rowMode?: "array" | "object"; parsers?: object } = {}) {
      const id = next++;
      const message: QueryMessage = {
        id,
        sql,
        params,
        rowMode: options.rowMode,
        asText: Object.keys(options.parsers ?? {}).map(Number),
      };
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        port.postMessage(message);
      });
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
