import type { Db } from "~/db/client.server";
import { listInsuranceProviders, listLocations, listTreatments } from "~/features/content/queries.server";

/** What the appointment request offers to choose from, read in parallel: only the fields the form shows. */
export async function loadAppointmentChoices(db: Db) {
  const [treatments, providers, locations] = await Promise.all([
    listTreatments(db),
    listInsuranceProviders(db),
    listLocations(db),
  ]);
  return {
    services: treatments.map((t) => t.title),
    providers: providers.map((p) => ({ slug: p.slug, name: p.name })),
    locations: locations.map((l) => ({ slug: l.slug, name: l.name, street: l.street, city: l.city })),
  };
}

export type AppointmentChoices = Awaited<ReturnType<typeof loadAppointmentChoices>>;

/** The get-started form offers the services only. */
export async function loadGetStartedChoices(db: Db) {
  return { services: (await listTreatments(db)).map((t) => t.title) };
}
