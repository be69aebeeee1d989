import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leads, notificationOutbox } from "~/db/schema";
import type { LeadData } from "./lead-schema";
import type { LeadSource } from "./lead-source";

export const NEW_LEAD_NOTIFICATION = "new_lead";

/**
 * Stores one lead, committed before this resolves (leads are never buffered).
 * A lead from a form also queues its staff notification in the same
 * statement (a data-modifying CTE is atomic), so the e-mail cannot be lost
 * to a crash after the commit. One statement rather than a transaction of
 * two: on PGlite a transaction holds the only connection across its round
 * trips, and every other request waits for it. Phone clicks notify nobody:
 * the caller is already on the line.
 */
export async function createLead(
  db: Db,
  input: LeadData,
  from: LeadSource & { visitId: number | null } = {
    channel: "Direct",
    campaign: null,
    landingPage: null,
    visitId: null,
  },
): Promise<string> {
  const values = {
    formType: input.formType,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    service: input.service || null,
    source: input.source,
    smsOptIn: input.smsOptIn === "true",
    attribution: input.attribution ?? {},
    // The longer forms' extra fields, as validated for their form type; the others have none.
    details: (input.details ?? {}) as Record<string, unknown>,
    channel: from.channel,
    campaign: from.campaign,
    landingPage: from.landingPage,
    visitId: from.visitId,
  };
  if (input.formType === "phone_click") {
    const [row] = await db.insert(leads).values(values).returning({ id: leads.id });
    return row!.id;
  }
  const result = await db.execute(sql`
    with inserted as (
      insert into ${leads} (form_type, first_name, last_name, email, phone, service, source, sms_opt_in, attribution, details,
                            channel, campaign, landing_page, visit_id)
      values (${values.formType}, ${values.firstName}, ${values.lastName}, ${values.email}, ${values.phone},
              ${values.service}, ${values.source}, ${values.smsOptIn},
              ${JSON.stringify(values.attribution)}::jsonb, ${JSON.stringify(values.details)}::jsonb,
              ${values.channel}, ${values.campaign}, ${values.landingPage}, ${values.visitId})
      returning id
    )
    insert into ${notificationOutbox} (kind, lead_id)
    select ${NEW_LEAD_NOTIFICATION}, id from inserted
    returning lead_id`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: { lead_id: string }[] }).rows[0]!.lead_id;
}
