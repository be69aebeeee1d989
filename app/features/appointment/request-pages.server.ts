import type { RouterContextProvider } from "react-router";
import { databaseContext } from "~/context";
import type { Db } from "~/db/client.server";
import { databaseAwayContext, isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
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

/** The choices each form last read, by form: what its page offers while the database is away. */
const lastRead = new Map<string, unknown>();

/**
 * A request form's choices, or, with the database away (a form posted
 * without JavaScript during an outage, issue 21), the ones last read in this
 * process (none after a start without the database): the page still comes
 * back with what was typed and the 503 message, not the error page.
 */
export async function choicesOrLastRead<T>(
  form: string,
  context: Readonly<RouterContextProvider>,
  load: (db: Db) => Promise<T>,
  none: T,
): Promise<T> {
  if (!context.get(databaseAwayContext)) {
    try {
      const read = await withDatabaseDeadline(() => load(context.get(databaseContext).db));
      lastRead.set(form, read);
      return read;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      context.set(databaseAwayContext, true);
    }
  }
  return (lastRead.get(form) as T | undefined) ?? none;
}
