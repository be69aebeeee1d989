import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/** Settings of the staff area that admins change (each change is audited by the caller). */
const REQUIRE_TWO_FACTOR = "staff_require_two_factor";

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, REQUIRE_TWO_FACTOR));
  return row?.value === "true";
}

export async function setTwoFactorRequired(db: Db, required: boolean): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: REQUIRE_TWO_FACTOR, value: String(required) })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: String(required), updatedAt: new Date() } });
}
