import type { LeadInput } from "~/features/leads/lead-schema";
import { fetchAnswer } from "./answers";

/**
 * The lead a visitor sends from the home page's hero form (POST /api/leads,
 * as the browser sends it): a made-up person, a 555 number, no attribution.
 * A test spreads it and overrides what it is about: `{ ...HERO_LEAD, email }`.
 */
export const HERO_LEAD = {
  firstName: "Avery",
  lastName: "Quinn Testperson",
  email: "avery.quinn@example.com",
  phone: "(407) 555-0199",
  service: "Anxiety Treatment",
  formType: "hero",
  source: "/",
  smsOptIn: "false",
} satisfies LeadInput;

/** POST /api/leads with a JSON body: the answer's status and body (a hung request fails, see fetchAnswer). */
export async function postLead(url: string, body: object) {
  const res = await fetchAnswer(`${url}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
