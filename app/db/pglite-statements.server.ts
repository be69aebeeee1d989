import { protocol, type PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

type Row = Record<string, unknown>;
type BackendMessage = { name: string; [key: string]: unknown };

const { serialize } = protocol;
const dialect = new PgDialect();
// Statements whose text never changes (their values are all parameters): a
// handful at most. Past this, a text is run through query() as usual.
const MAX_PREPARED = 16;

/**
 * Runs hot statements on PGlite with ONE call into its backend each: the
 * statement is prepared (named) the first time, then every run sends Bind,
 * Describe (for the column names), Execute and Sync in one message buffer.
 *
 * Why: PGlite's query() makes six calls into the WASM backend per statement
 * (Parse, Describe, Bind, Describe, Execute, Sync), each with its own message
 * parsing and garbage, and parses and plans the statement every time. For the
 * analytics batch statements that fixed part was ≈ 0.5 ms of CPU a statement
 * more than this (decision 0028, "Ingestion speed and memory").
 *
 * Parameters are serialized by PGlite's own serializers for the types the
 * backend described, as query() does, and results parsed by its parsers. The
 * run holds both of PGlite's locks, as query() does, so it never lands between
 * the statements of another caller's transaction.
 */
export class PgliteStatements {
  private readonly prepared = new Map<string, { name: string; paramTypes: number[] }>();

  private constructor(private readonly client: PGlite) {}

  private static readonly perClient = new WeakMap<PGlite, PgliteStatements>();

  /** The statements of one PGlite instance: prepared statements belong to its one session, whoever uses them. */
  static of(client: PGlite): PgliteStatements {
    let statements = PgliteStatements.perClient.get(client);
    if (!statements) PgliteStatements.perClient.set(client, (statements = new PgliteStatements(client)));
    return statements;
  }

  /** Runs the statement (drizzle's `sql`) and returns its rows as objects, like `db.execute`. */
  async execute(query: SQL): Promise<Row[]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // As query() does: a closed instance says "PGlite is closed" (the database is away).
    await this.client._checkReady();
    // Past the limit (texts that vary), the plain way; query() takes the locks itself.
    if (!this.prepared.has(text) && this.prepared.size >= MAX_PREPARED)
      return (await this.client.query<Row>(text, params)).rows;
    return this.client._runExclusiveTransaction(() =>
      this.client.runExclusive(async () => {
        const statement = await this.prepare(text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = this.client.serializers[statement.paramTypes[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const { messages } = await this.client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return this.rows(messages as unknown as BackendMessage[]);
      }),
    );
  }

  private async prepare(text: string) {
    let statement = this.prepared.get(text);
    if (statement) return statement;
    const name = `pglite_statement_${this.prepared.size + 1}`;
    const { messages } = await this.client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    const description = (messages as unknown as BackendMessage[]).find((m) => m.name === "parameterDescription");
    statement = { name, paramTypes: (description?.dataTypeIDs as number[] | undefined) ?? [] };
    this.prepared.set(text, statement);
    return statement;
  }

  private rows(messages: BackendMessage[]): Row[] {
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: Row[] = [];
    for (const message of messages) {
      if (message.name === "rowDescription") fields = message.fields as typeof fields;
      else if (message.name === "dataRow") {
        const row: Row = {};
        (message.fields as (string | null)[]).forEach((value, i) => {
          const field = fields[i]!;
          const parser = this.client.parsers[field.dataTypeID];
          row[field.name] = value === null || !parser ? value : parser(value, field.dataTypeID);
        });
        rows.push(row);
      }
    }
    return rows;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
