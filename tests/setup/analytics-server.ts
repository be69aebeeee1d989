import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase } from "~/db/client.server";
import { recordVisits, type ScriptedVisit } from "./analytics-visits";
import { clonePostgresTemplate, copyPgliteTemplate, type DatabaseKind } from "./database";
import { startServer, type TestServer } from "./server";
import { addStaff, signInCookie } from "./staff";

/** The analytics pages' readers: an administrator and a marketing person. */
export const ANALYTICS_PEOPLE = {
  admin: { name: "Avery Adminton", email: "avery.adminton@clinic.example", roles: ["admin"] as const },
  marketing: { name: "Mo Marketer", email: "mo.marketer@clinic.example", roles: ["marketing"] as const },
};
export type AnalyticsReader = keyof typeof ANALYTICS_PEOPLE;

/**
 * The production build on its own database (a copy of the seeded template) holding these visits,
 * recorded through the real ingester, with both readers signed in: started before the file's tests,
 * stopped after them.
 */
export function useAnalyticsServer(kind: DatabaseKind, label: string, visits: readonly ScriptedVisit[]) {
  let server: TestServer | undefined;
  const cookies: Partial<Record<AnalyticsReader, string>> = {};
  beforeAll(async () => {
    const dataDir = copyPgliteTemplate(label);
    const databaseUrl = kind === "postgres" ? await clonePostgresTemplate() : undefined;
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    try {
      await addStaff(database, Object.values(ANALYTICS_PEOPLE));
      await recordVisits(database, visits);
    } finally {
      await database.close();
    }
    server = await startServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    for (const [role, person] of Object.entries(ANALYTICS_PEOPLE)) {
      cookies[role as AnalyticsReader] = await signInCookie(server.url, person.email);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });
  const url = () => server!.url;
  const cookie = (role: AnalyticsReader) => cookies[role]!;
  const get = (path: string, role: AnalyticsReader = "marketing") =>
    fetch(`${url()}${path}`, { headers: { cookie: cookie(role) }, redirect: "manual" });
  /** A page that must answer 200, as the words a person reads (`read` turns its HTML into them). */
  const textOf = (read: (html: string) => string) => async (path: string, role?: AnalyticsReader) => {
    const res = await get(path, role);
    expect(res.status, path).toBe(200);
    return read(await res.text());
  };
  return { url, cookie, get, textOf };
}
