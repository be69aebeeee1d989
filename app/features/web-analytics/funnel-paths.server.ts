import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { FunnelPaths } from "./visit-sql.server";

/** The pages where a request is made: the appointment form and the shorter get-started one. */
export const REQUEST_PATHS = ["/request-appointment", "/get-started"];

/**
 * The request funnel's pages as the content has them now: every treatment
 * or service page and every topic page (anxiety therapy, depression
 * counseling…), then the request pages.
 */
export async function funnelPaths(db: Db): Promise<FunnelPaths> {
  const result = (await db.execute(sql`
    select '/' || slug as path from treatments
    union select '/' || slug from pages where section = 'topic' and published
    order by 1`)) as unknown as { rows: { path: string }[] };
  return { topics: result.rows.map((r) => r.path), requests: REQUEST_PATHS };
}
