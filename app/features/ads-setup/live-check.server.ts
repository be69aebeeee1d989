import type { MeasurementConfig } from "~/features/consent/measurement-config";
import { pageGroupOf, tagsMayRun } from "~/features/consent/page-groups";
import { freshPlanState, planEvent, planPageView, type PlannedStep } from "~/features/consent/third-party-plan";
import { PAGE_GROUP_WORDS } from "./guardrails";
import type { LiveCheck, ShownStep } from "./setup-types";

/**
 * The live check: what a visitor's browser would hand to Google and Meta on
 * one page, from the saved settings, by the very plan the browser runs
 * (third-party-plan.ts). Before consent there is nothing to plan: the
 * third-party code is not even loaded until the banner's yes.
 */
export function liveCheck(config: MeasurementConfig, origin: string, path: string): LiveCheck {
  const group = pageGroupOf(path);
  const state = freshPlanState();
  // A visitor who typed the address (no referrer), said yes, then acted on the same page.
  const afterConsent = planPageView(config, state, origin, path, "");
  const onRequest = planEvent(config, state, origin, path, {
    eventType: "lead_submitted",
    eventCategory: "conversion",
  });
  const onPhone = planEvent(config, state, origin, path, { eventType: "phone_click", eventCategory: "contact" });
  return {
    path,
    group,
    groupLabel: PAGE_GROUP_WORDS[group].label,
    allowed: tagsMayRun(config.pageGroups, path),
    plan: { afterConsent, onRequest, onPhone },
    afterConsent: afterConsent.map(shown),
    onRequest: onRequest.map(shown),
    onPhone: onPhone.map(shown),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const paramsOf = (value: unknown): [string, string][] =>
  value && typeof value === "object" ? Object.entries(value).map(([key, v]) => [key, text(v)]) : [];

function splitUrl(url: string): { url: string; params: [string, string][] } {
  const parsed = new URL(url);
  return { url: parsed.origin + parsed.pathname, params: [...parsed.searchParams.entries()] };
}

/** A planned step in words: what it is, where it goes, with which parameters. */
function shown(step: PlannedStep): ShownStep {
  if (step.kind === "script") return { what: "Load Google's tag (gtag.js)", ...splitUrl(step.url) };
  if (step.kind === "image")
    return { what: "Meta pixel: the conversion Lead (an image request)", ...splitUrl(step.url) };
  if (step.kind === "silence")
    return { what: step.silent ? "Google's tag falls silent" : "Google's tag may send again", url: null, params: [] };
  const [name, first, second] = step.command;
  if (name === "consent")
    return {
      what:
        first === "default" ? "Consent Mode defaults, before anything loads" : "Consent Mode after the visitor's yes",
      url: null,
      params: paramsOf(second),
    };
  if (name === "js") return { what: "Google's tag starts", url: null, params: [] };
  if (name === "config") {
    const ads = String(first).startsWith("AW-");
    return {
      what: ads
        ? `Google Ads set-up for ${text(first)}: no page view, no personalisation`
        : `Google Analytics set-up for ${text(first)}: no page view of its own`,
      url: null,
      params: paramsOf(second),
    };
  }
  if (name === "set")
    return { what: "Page details for whatever Google's tag sends next", url: null, params: paramsOf(first) };
  if (name === "event" && first === "conversion") {
    const sendTo = String((second as { send_to?: string }).send_to ?? "");
    const digits = sendTo.replace(/^AW-/, "").split("/")[0];
    return {
      what: "Google Ads conversion",
      url: `https://www.googleadservices.com/pagead/conversion/${digits}/`,
      params: paramsOf(second),
    };
  }
  return {
    what: first === "page_view" ? "Google Analytics page view" : `Google Analytics event ${text(first)}`,
    url: "https://www.google-analytics.com/g/collect",
    params: paramsOf(second),
  };
}
