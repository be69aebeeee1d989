import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { PgliteStatements } from "~/db/pglite-statements.server";
import { copyPgliteTemplate } from "../setup/database";

// The analytics batch statements run through PgliteStatements on PGlite
// (decision 0028): what they return and write must be what db.execute would.
describe("PGlite statements prepared once and run in one call", () => {
  let database: Database;
  let statements: PgliteStatements;
  const array = (values: unknown[]) => sql.param(values);

  beforeAll(async () => {
    database = await openDatabase({ dataDir: copyPgliteTemplate("pglite-statements") });
    statements = PgliteStatements.of(database.pglite!);
    await database.db.execute(sql`create table statement_check (id int, label text, at timestamptz, n float8)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const insert = (ids: number[], labels: (string | null)[], at: string[], n: (number | null)[]) => sql`
    insert into statement_check (id, label, at, n)
    select * from unnest(${array(ids)}::int[], ${array(labels)}::text[], ${array(at)}::timestamptz[], ${array(n)}::float8[])
    returning id, label, n, (extract(epoch from at) * 1000)::float8 as at_ms`;

  it("returns and stores what db.execute does, awkward text and nulls included, run after run", async () => {
    const labels = ['a "quoted", {braced} label', null, "back\\slash", "NULL", "émoji 🦷"];
    const at = labels.map((_, i) => new Date(Date.UTC(2031, 0, 1, 12, i)).toISOString());
    const n = [1.5, null, -2, 0, 1e-9];
    const ids = [1, 2, 3, 4, 5];
    const prepared = await statements.execute(insert(ids, labels, at, n));
    const plain = (await database.db.execute(
      insert(
        ids.map((i) => i + 10),
        labels,
        at,
        n,
      ),
    )) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(prepared).toEqual(plain.rows.map((row) => ({ ...row, id: (row.id as number) - 10 })));
    // The same text again (the prepared statement), other values.
    expect(await statements.execute(insert([6], ["again"], [at[0]!], [7]))).toEqual([
      { id: 6, label: "again", n: 7, at_ms: Date.parse(at[0]!) },
    ]);
    const stored = await statements.execute(
      sql`select label from statement_check where id = any(${array([1, 2, 3, 4, 5, 6])}::int[]) order by id`,
    );
    expect(stored.map((r) => r.label)).toEqual([...labels, "again"]);
  });

  it("rejects a statement the database refuses, and the next one runs", async () => {
    await expect(
      statements.execute(insert([7], ["nul \u0000 byte"], [new Date().toISOString()], [1])),
    ).rejects.toThrow();
    expect(await statements.execute(insert([8], ["after"], [new Date().toISOString()], [1]))).toHaveLength(1);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into statement_check (id, label) values (100, 'rolled back')`);
        inside();
        await new Promise((resolve) => setTimeout(resolve, 100));
        tx.rollback();
      })
      .catch(() => "rolled back");
    await opened;
    const ours = statements.execute(insert([101], ["ours"], [new Date().toISOString()], [1]));
    expect(await rolledBack).toBe("rolled back");
    await ours;
    const rows = await statements.execute(
      sql`select id from statement_check where id = any(${array([100, 101])}::int[]) order by id`,
    );
    expect(rows).toEqual([{ id: 101 }]);
  });

  it("still runs statements past the ones it keeps prepared (texts that vary)", async () => {
    for (let i = 0; i < 20; i++) {
      const rows = await statements.execute(sql`select ${i}::int as i, ${sql.raw(String(i))} as text_varies`);
      expect(rows).toEqual([{ i, text_varies: i }]);
    }
  });

  it("says the database is away once PGlite is closed", async () => {
    const other = await openDatabase({ dataDir: copyPgliteTemplate("pglite-statements-closed") });
    const closing = PgliteStatements.of(other.pglite!);
    await closing.execute(sql`select 1`);
    await other.close();
    await expect(closing.execute(sql`select 1`)).rejects.toThrow(/PGlite is closed/);
  });
});
