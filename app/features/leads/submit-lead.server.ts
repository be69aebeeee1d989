import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { withDatabaseDeadline } from "~/lib/database-availability.server";
import { clientKey, enforceRate } from "~/lib/rate-limit.server";
import { checkLeadChoices } from "./lead-choices.server";
import type { LeadData } from "./lead-schema";
import { createLead } from "./leads.server";

/**
 * The one way a validated lead enters the system, for the JSON API and for
 * forms posted without JavaScript alike: the client's rate limit, the
 * choices it names (office, insurance) checked against the database, then
 * the committed insert, within the database deadline; then the staff
 * notification is sent on its way. Throws LeadChoiceError, RateLimitedError
 * or DatabaseUnavailableError for the caller to put in words.
 */
export async function submitLead(db: Db, services: ServerServices, clientIp: string, lead: LeadData): Promise<string> {
  const id = await withDatabaseDeadline(async () => {
    await enforceRate(db, services.rateRules.forms, clientKey(services.secret, clientIp));
    await checkLeadChoices(db, lead);
    return createLead(db, lead);
  });
  if (lead.formType !== "phone_click") services.notifier.kick();
  return id;
}
