import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insuranceProviders, locations } from "~/db/schema";
import { NO_LOCATION_PREFERENCE, OTHER_INSURANCE, SELF_PAY } from "./appointment-options";
import type { LeadData } from "./lead-schema";

/**
 * A lead naming an office or an insurance provider we do not have (a stale
 * page after staff removed one, or a hand-made request): refused like a bad
 * field, with the field named as the schema would name it.
 */
export class LeadChoiceError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super("lead names an unknown choice");
  }
}

/** Checks the appointment request's office and insurance against the database; throws LeadChoiceError. */
export async function checkLeadChoices(db: Db, lead: LeadData): Promise<void> {
  if (lead.formType !== "appointment") return;
  const { location, insurance } = lead.details;
  const [office, provider] = await Promise.all([
    location && location !== NO_LOCATION_PREFERENCE
      ? db.select({ slug: locations.slug }).from(locations).where(eq(locations.slug, location))
      : [{ slug: location }],
    insurance !== SELF_PAY && insurance !== OTHER_INSURANCE
      ? db
          .select({ slug: insuranceProviders.slug })
          .from(insuranceProviders)
          .where(eq(insuranceProviders.slug, insurance))
      : [{ slug: insurance }],
  ]);
  const fields: Record<string, string> = {};
  if (office.length === 0) fields["details.location"] = "Please choose one of our offices, or No preference.";
  if (provider.length === 0) {
    fields["details.insurance"] = "Please choose your insurance from the list, self-pay, or Other / not sure.";
  }
  if (Object.keys(fields).length > 0) throw new LeadChoiceError(fields);
}
