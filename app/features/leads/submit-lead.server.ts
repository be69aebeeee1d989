import type { ServerServices } from "~/context";
import { findCurrentVisit } from "~/features/analytics/current-visit.server";
import type { Db } from "~/db/client.server";
import { withDatabaseDeadline } from "~/lib/database-availability.server";
import { clientKey, enforceRate } from "~/lib/rate-limit.server";
import { checkLeadChoices } from "./lead-choices.server";
import type { LeadData } from "./lead-schema";
import { createLead } from "./leads.server";
import { leadSourceOf } from "./lead-source";

/** Who sent the lead: the address and browser find the visit it came from; neither is stored. */
export interface LeadClient {
  ip: string;
  userAgent: string;
  /** The host the request was addressed to (a referrer from it is the site itself). */
  hostname: string;
}

/**
 * The one way a validated lead enters the system, for the JSON API and for
 * forms posted without JavaScript alike: the client's rate limit, the
 * choices it names (office, insurance) checked against the database, then
 * the committed insert, within the database deadline; then the staff
 * notification is sent on its way. The lead keeps where it came from and,
 * when the server can tell, the analytics visit that led to it (a lookup
 * that fails costs the lead nothing). Throws LeadChoiceError,
 * RateLimitedError or DatabaseUnavailableError for the caller to put in words.
 */
export async function submitLead(
  db: Db,
  services: ServerServices,
  client: LeadClient,
  lead: LeadData,
): Promise<string> {
  const id = await withDatabaseDeadline(async () => {
    await enforceRate(db, services.rateRules.forms, clientKey(services.secret, client.ip));
    await checkLeadChoices(db, lead);
    const visit = await findCurrentVisit(db, services.analytics.salts, client).catch(() => null);
    const source = leadSourceOf(lead.attribution ?? {}, lead.source, visit, [client.hostname]);
    return createLead(db, lead, { ...source, visitId: visit?.id ?? null });
  });
  if (lead.formType !== "phone_click") services.notifier.kick();
  return id;
}
