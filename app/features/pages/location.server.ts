import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { getSiteRow, listTeamMembers } from "~/features/content/queries.server";
import { withFallbacks } from "~/features/content/site-content";
import { clinicDayOf, dayKey } from "~/lib/clinic-time";
import { teamCards } from "./block-data.server";
import { officeTitle } from "./page-titles";

/**
 * One office, with the clinicians who see people there (or, listing no office, in person at all),
 * and its search title (made here, so the words that make it stay out of the page's script).
 */
export async function loadLocation(db: Db, slug: string, now = new Date()) {
  const [office] = await db.select().from(t.locations).where(eq(t.locations.slug, slug));
  if (!office) return null;
  const [members, site] = await Promise.all([listTeamMembers(db), getSiteRow(db)]);
  // Those who list this office; a member who lists none is shown at every office they could see people in.
  const here = members.filter((m) =>
    m.locationIds.length > 0 ? m.locationIds.includes(office.id) : m.modalities.includes("In person"),
  );
  const team = await teamCards(db, here);
  return {
    // Only the holiday closures still to come (today's included, in the clinic's time zone).
    office: { ...office, closures: upcomingClosures(office.closures, now), updatedAt: office.updatedAt.toISOString() },
    team,
    searchTitle: officeTitle(office, withFallbacks(site).clinicName),
  };
}

/** The closures from today on (clinic time), soonest first. */
export function upcomingClosures(closures: t.HolidayClosure[], now: Date): t.HolidayClosure[] {
  const today = dayKey(clinicDayOf(now));
  return closures.filter((c) => c.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}
