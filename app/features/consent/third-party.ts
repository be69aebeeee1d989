import type { EventBody, MeasurementSink } from "~/features/analytics/client/events";
import { openBanner } from "./consent-controller";
import type { MeasurementConfig } from "./measurement-config";
import { referrerOrigin } from "./redact";
import { freshPlanState, planEvent, planPageView, type PlannedStep } from "./third-party-plan";

/**
 * Third-party measurement, loaded only after the visitor said yes
 * (docs/decisions/0011, 0034). What leaves for Google or Meta is planned in
 * third-party-plan.ts (the set-up page's live check shows the same plan);
 * this file only carries it out in the browser.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export interface ThirdPartySink extends MeasurementSink {
  /** The visitor changed their mind: stop, and remove Analytics' cookies. */
  withdraw(): void;
}

const added = new Set<string>();

// gtag.js expects each command as an Arguments object, as in Google's snippet.
function gtag(..._command: unknown[]) {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function run(steps: PlannedStep[]) {
  for (const step of steps) {
    if (step.kind === "gtag") {
      window.gtag = gtag;
      if (step.command[0] === "js") gtag("js", new Date());
      else gtag(...step.command);
    } else if (step.kind === "script") {
      // One load per page, even after a no and a second yes.
      if (added.has(step.url)) continue;
      added.add(step.url);
      const script = document.createElement("script");
      script.async = true;
      script.src = step.url;
      script.onerror = () => console.warn("Google's tag could not load");
      document.head.append(script);
    } else if (step.kind === "image") {
      new Image(1, 1).src = step.url;
    } else {
      for (const id of step.ids) (window as unknown as Record<string, boolean>)[`ga-disable-${id}`] = step.silent;
    }
  }
}

function removeAnalyticsCookies() {
  const host = window.location.hostname;
  const domains = ["", host, `.${host}`, `.${host.split(".").slice(-2).join(".")}`];
  for (const name of document.cookie.split(";").map((c) => c.split("=")[0].trim())) {
    if (name !== "_ga" && !name.startsWith("_ga_") && name !== "_gcl_au") continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

/**
 * Whether the stored yes covered every service configured now (the banner
 * records the IDs it asked about): a yes for Analytics is no yes for Google
 * Ads added later, nor for another account.
 */
function coveredByTheYes(config: MeasurementConfig): boolean {
  let asked: unknown = [];
  try {
    asked = JSON.parse(localStorage.getItem("clinic-consent-ids") ?? "[]");
  } catch {
    // Unreadable: ask again.
  }
  const ids = [config.analyticsId, config.adsId, config.pixelId].filter(Boolean);
  return Array.isArray(asked) && ids.every((id) => asked.includes(id));
}

export function connectThirdParty(config: MeasurementConfig): ThirdPartySink {
  let active = true;
  if (!coveredByTheYes(config)) openBanner(null);
  // A second yes on the same page (after a no) starts from Google's consent defaults again.
  const state = freshPlanState();
  const origin = window.location.origin;
  return {
    pageView(path: string) {
      if (active && coveredByTheYes(config))
        run(planPageView(config, state, origin, path, referrerOrigin(document.referrer)));
    },
    event(event: EventBody) {
      if (active && coveredByTheYes(config)) run(planEvent(config, state, origin, window.location.pathname, event));
    },
    withdraw() {
      active = false;
      if (!state.started) return;
      gtag("consent", "update", {
        analytics_storage: "denied",
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
      });
      removeAnalyticsCookies();
    },
  };
}
