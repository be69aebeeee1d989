import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { getSiteRow, listTeamMembers } from "~/features/content/queries.server";
import { withFallbacks } from "~/features/content/site-content";
import { toTeamCard } from "./block-data.server";
import { officeTitle } from "./page-titles";

/**
 * One office, with the clinicians who see patients in person (all offices share the team today),
 * and its search title (made here, so the words that make it stay out of the page's script).
 */
export async function loadLocation(db: Db, slug: string) {
  const [office] = await db.select().from(t.locations).where(eq(t.locations.slug, slug));
  if (!office) return null;
  const [members, site] = await Promise.all([listTeamMembers(db), getSiteRow(db)]);
  const team = members.filter((m) => m.modalities.includes("In person")).map(toTeamCard);
  return {
    office: { ...office, updatedAt: office.updatedAt.toISOString() },
    team,
    searchTitle: officeTitle(office, withFallbacks(site).clinicName),
  };
}
