import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adsMeasurementSettings, type AdsMeasurementSettingsRow } from "~/db/schema";

/** The one set-up row (undefined until the migration copied IDs or staff saved the page once). */
export async function readMeasurementRow(db: Pick<Db, "select">): Promise<AdsMeasurementSettingsRow | undefined> {
  const [row] = await db.select().from(adsMeasurementSettings).where(eq(adsMeasurementSettings.id, 1));
  return row;
}
