import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/**
 * A counter bumped whenever public content changes. Rendered pages are cached
 * per version; every instance polls it, so an edit through one instance
 * reaches the visitors of all of them within seconds.
 */
export async function readContentVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, "content_version"));
  return row?.value ?? "0";
}

export async function bumpContentVersion(db: Pick<Db, "insert">): Promise<string> {
  const [row] = await db
    .insert(appMeta)
    .values({ key: "content_version", value: "1" })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` },
    })
    .returning({ value: appMeta.value });
  return row.value;
}
