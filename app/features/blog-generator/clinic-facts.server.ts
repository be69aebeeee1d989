import type { Db } from "~/db/client.server";
import {
  getSiteContent,
  listInsuranceProviders,
  listLocations,
  listTeamMembers,
  listTreatments,
} from "~/features/content/queries.server";
import { TELEHEALTH_RULE, type ClinicFacts } from "./clinic-facts";

/** Reads the facts from the content tables, as the public pages show them. */
export async function readClinicFacts(db: Db): Promise<ClinicFacts> {
  const [site, treatments, locations, insurers, team] = await Promise.all([
    getSiteContent(db),
    listTreatments(db),
    listLocations(db),
    listInsuranceProviders(db),
    listTeamMembers(db),
  ]);
  return {
    clinicName: site.clinicName,
    tagline: site.tagline ?? null,
    phone: site.footerPhone ?? null,
    services: treatments.map((t) => ({
      slug: t.slug,
      title: t.title,
      summary: t.shortDescription,
      path: `/${t.slug}`,
    })),
    locations: locations.map((l) => ({ name: l.name, city: l.city, state: l.state, path: `/locations/${l.slug}` })),
    insurers: insurers.map((p) => p.name),
    team: team.map((m) => ({
      name: m.name,
      credentials: m.credentials,
      role: m.role,
      specialties: m.specialties,
      path: `/team/${m.slug}`,
    })),
    telehealthRule: TELEHEALTH_RULE,
  };
}
