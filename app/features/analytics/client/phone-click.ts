import { PHONE_CLICK_LEAD } from "~/features/leads/lead-constants";
import type { LeadInput } from "~/features/leads/lead-schema";
import { readAttribution } from "./campaign";
import { clip, post } from "./send";

/**
 * A click on a clinic phone link is recorded as a lead (spec §7): placeholder
 * name and e-mail, the number from the link, the page it was on. The call is
 * not waited for; a failure is only logged, and the log names no number.
 */
export function sendPhoneClickLead(phone: string) {
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
