import { readAttribution } from "~/features/analytics/client/campaign";
import { track } from "~/features/analytics/client/runtime";
import { clip, post } from "~/features/analytics/client/send";
import { NON_LEAD_NUMBERS, PHONE_CLICK_LEAD } from "./lead-constants";
import type { LeadInput } from "./lead-schema";

/**
 * What a click on a phone link means (measurement's delegated listener
 * passes every tel: click here; the root wires the two together):
 * a help line is never a lead and its number is not recorded; any other
 * number is a phone-click lead (spec §7) and a contact event.
 */
export function phoneLinkClicked(number: string, area: string) {
  if (NON_LEAD_NUMBERS.has(number.replace(/\D/g, ""))) {
    track({ eventType: "crisis_line_click", eventCategory: "safety", eventLabel: area });
    return;
  }
  sendPhoneClickLead(number);
  track({ eventType: "phone_click", eventCategory: "contact", eventLabel: area });
}

/**
 * A click on a clinic phone link is recorded as a lead (spec §7): placeholder
 * name and e-mail, the number from the link, the page it was on. The call is
 * not waited for; a failure is only logged, and the log names no number.
 */
function sendPhoneClickLead(phone: string) {
  const digits = phone.replace(/\D/g, "").length;
  if (digits < 10 || digits > 15) {
    console.warn("phone-click lead not sent: the link's number is not a full phone number");
    return;
  }
  const body: LeadInput = {
    ...PHONE_CLICK_LEAD,
    phone: clip(phone, 30),
    formType: "phone_click",
    source: clip(window.location.pathname),
    smsOptIn: "false",
    attribution: readAttribution(),
  };
  void post("/api/leads", body).then((res) => {
    if (!res?.ok) console.warn(`phone-click lead not recorded (${res ? res.status : "network error"})`);
  });
}
