import type { Db } from "~/db/client.server";
import {
  getSiteContent,
  listConditions,
  listFaqItems,
  listHomeServices,
  listInsuranceProviders,
  listLocations,
  listTeamMembers,
  listTestimonials,
  listTreatments,
} from "~/features/content/queries.server";
import { teamCards } from "~/features/pages/block-data.server";

/** Everything the home page shows, read in parallel. */
export async function loadHomePage(db: Db) {
  const [site, treatments, providers, testimonials, team, conditions, faq, locations] = await Promise.all([
    getSiteContent(db),
    listTreatments(db),
    listInsuranceProviders(db),
    listTestimonials(db),
    listTeamMembers(db),
    listConditions(db),
    listFaqItems(db),
    listLocations(db),
  ]);
  return {
    site,
    /** Every treatment: the hero form's choice of service. */
    treatments,
    /** The services section: the featured ones. */
    services: await listHomeServices(db, treatments),
    providers,
    testimonials,
    team: await teamCards(db, team, "home"),
    conditions: conditions.map(({ sortOrder: _s, ...condition }) => condition),
    faq,
    locations: locations.map(({ updatedAt: _u, sortOrder: _s, ...location }) => location),
  };
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
