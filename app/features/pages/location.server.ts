import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { listTeamMembers } from "~/features/content/queries.server";
import { toTeamCard } from "./block-data.server";

/** One office, with the clinicians who see patients in person (all offices share the team today). */
export async function loadLocation(db: Db, slug: string) {
  const [office] = await db.select().from(t.locations).where(eq(t.locations.slug, slug));
  if (!office) return null;
  const team = (await listTeamMembers(db)).filter((m) => m.modalities.includes("In person")).map(toTeamCard);
  return { office: { ...office, updatedAt: office.updatedAt.toISOString() }, team };
}
