import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads } from "~/db/schema";
import { clonePostgresTemplate, copyPgliteTemplate, databaseKinds } from "../setup/database";
import { HERO_LEAD } from "../setup/leads";
import { startServer } from "../setup/server";

/**
 * A 2xx for a lead means it is committed: kill the server with SIGKILL in
 * the middle of a burst, start it again, and every acknowledged lead is there.
 */
describe.each(databaseKinds())("lead durability on %s", (kind) => {
  it("keeps every acknowledged lead across a SIGKILL", async () => {
    const dataDir = copyPgliteTemplate("durability");
    const env: Record<string, string> = { RATE_LIMIT_FORMS: "1000000", LOG_LEVEL: "warn" };
    if (kind === "postgres") env.DATABASE_URL = await clonePostgresTemplate();
    const server = await startServer({ dataDir, env });

    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const email = `burst-${w}-${i}@example.com`;
        attempted++;
        try {
          const res = await fetch(`${server.url}/api/leads`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ ...HERO_LEAD, firstName: "Burst", lastName: `Tester ${w}`, email }),
          });
          if (res.status >= 200 && res.status < 300) acknowledged.push(email);
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, w) => worker(w));
    // Kill part-way, once a good number of leads are in flight and acknowledged.
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
    await server.stop("SIGKILL");
    killed = true;
    await Promise.all(workers);
    expect(attempted).toBeGreaterThan(acknowledged.length);

    // The server starts again on the same data, and is ready.
    const again = await startServer({ dataDir, env });
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    expect(await again.stop()).toBe(0);

    const database = await openDatabase(kind === "postgres" ? { databaseUrl: env.DATABASE_URL } : { dataDir });
    try {
      const stored = new Set<string>();
      for (let i = 0; i < acknowledged.length; i += 500) {
        const rows = await database.db
          .select({ email: leads.email })
          .from(leads)
          .where(inArray(leads.email, acknowledged.slice(i, i + 500)));
        for (const row of rows) stored.add(row.email);
      }
      const lost = acknowledged.filter((email) => !stored.has(email));
      expect(lost).toEqual([]);
      expect(stored.size).toBe(acknowledged.length);
    } finally {
      await database.close();
    }
    // Two server starts and a burst of committed writes: 49 s and over 60 s at a load of 12.
  }, 150_000);
});
