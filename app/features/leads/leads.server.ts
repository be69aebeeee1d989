import type { Db } from "~/db/client.server";
import { leads, notificationOutbox } from "~/db/schema";
import type { LeadData } from "./lead-schema";

export const NEW_LEAD_NOTIFICATION = "new_lead";

/**
 * Stores one lead, committed before this resolves (leads are never buffered).
 * A lead from a form also queues its staff notification in the same
 * transaction, so the e-mail cannot be lost to a crash after the commit.
 * Phone clicks notify nobody: the caller is already on the line.
 */
export async function createLead(db: Db, input: LeadData, details: Record<string, unknown> = {}): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        formType: input.formType,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        service: input.service || null,
        source: input.source,
        smsOptIn: input.smsOptIn === "true",
        attribution: input.attribution ?? {},
        details,
      })
      .returning({ id: leads.id });
    if (input.formType !== "phone_click") {
      await tx.insert(notificationOutbox).values({ kind: NEW_LEAD_NOTIFICATION, leadId: row!.id });
    }
    return row!.id;
  });
}
