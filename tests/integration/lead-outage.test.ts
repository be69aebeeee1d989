import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leads } from "~/db/schema";
import { startApiApp } from "../setup/api-app";
import { clonePostgresTemplate, databaseKinds, openTestDatabase } from "../setup/database";
import { startTcpProxy } from "../setup/tcp-proxy";

const lead = (email: string) => ({
  firstName: "Sam",
  lastName: "Outage",
  email,
  phone: "407-555-0166",
  formType: "hero",
  source: "/",
  smsOptIn: "false",
});

async function timedPost(url: string, body: object) {
  const started = Date.now();
  const res = await fetch(`${url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

describe.each(databaseKinds())("a lead while the %s database is away", (kind) => {
  // Each kind has its own way of going away: PGlite closes, PostgreSQL goes silent or refuses.
  const test = (name: string, kindOf: string, body: () => Promise<void>) => {
    if (kind === kindOf) it(name, body);
  };
  test("answers 503 with a clear error when the embedded database is closed", "pglite", async () => {
    const database = await openTestDatabase("pglite");
    const app = await startApiApp(database);
    try {
      await database.close();
      const res = await timedPost(app.url, lead("closed@example.com"));
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/could not save/i);
      expect(res.ms).toBeLessThan(2000);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop().catch(() => {});
    }
  });

  test(
    "answers 503 within 2 s when PostgreSQL stops answering or refuses, and recovers by itself",
    "postgres",
    async () => {
      const dbUrl = new URL(await clonePostgresTemplate());
      const proxy = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
      dbUrl.hostname = "127.0.0.1";
      dbUrl.port = String(proxy.port);
      const app = await startApiApp(await openDatabase({ databaseUrl: dbUrl.toString() }));
      try {
        expect((await timedPost(app.url, lead("before@example.com"))).status).toBe(201);

        // Silence: connections stay open, nothing comes back.
        proxy.stall();
        const silent = await timedPost(app.url, lead("silent@example.com"));
        expect(silent.status).toBe(503);
        expect(silent.ms).toBeLessThan(2000);

        // Refusal: the server is gone.
        proxy.unstall();
        await proxy.cut();
        const refused = await timedPost(app.url, lead("refused@example.com"));
        expect(refused.status).toBe(503);
        expect(refused.ms).toBeLessThan(2000);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

        await proxy.restore();
        let status = 0;
        for (let i = 0; i < 40 && status !== 201; i++) {
          status = (await timedPost(app.url, lead(`after${i}@example.com`))).status;
          if (status !== 201) await new Promise((r) => setTimeout(r, 250));
        }
        expect(status).toBe(201);
        const rows = await app.database.db.select().from(leads).where(eq(leads.email, "before@example.com"));
        expect(rows).toHaveLength(1);
      } finally {
        await app.stop().catch(() => {});
        await proxy.cut().catch(() => {});
      }
    },
  );
});
