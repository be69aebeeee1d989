import { readAttribution } from "~/features/analytics/client/campaign";
import { track } from "~/features/analytics/client/runtime";
import { apiRequest } from "~/lib/api-request";
import type { LeadInput } from "./lead-schema";

// Omit over each form type's variant (a plain Omit of the union keeps only the keys all share).
type LeadWithoutAttribution = LeadInput extends infer L ? (L extends unknown ? Omit<L, "attribution"> : never) : never;

/**
 * Sends a form's lead (spec §7) with the visit's campaign attribution, and
 * records the conversion once the server has accepted it. Throws like
 * apiRequest, so the form shows its failure.
 */
export async function sendLead(lead: LeadWithoutAttribution): Promise<Response> {
  const res = await apiRequest("POST", "/api/leads", { ...lead, attribution: readAttribution() });
  track({ eventType: "lead_submitted", eventCategory: "conversion", eventLabel: lead.formType });
  return res;
}
