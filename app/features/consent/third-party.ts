import type { EventBody, MeasurementSink } from "~/features/analytics/client/events";
import { GTAG_SCRIPT_ORIGIN, PIXEL_ORIGIN, type MeasurementConfig } from "./measurement-config";
import { redactPath, referrerOrigin } from "./redact";

/**
 * Third-party measurement, loaded only after the visitor said yes
 * (docs/decisions/0011). What leaves for Google or Meta is decided here and
 * nowhere else:
 * - Google Analytics (gtag.js) gets page views with a neutral title and a
 *   location of our origin plus an allow-listed path ("/page" otherwise),
 *   the referrer's origin only, and the names of a few neutral events.
 * - Meta gets one image request per conversion, "Lead", with the pixel ID
 *   and nothing else; fbevents.js is never loaded (it reads the page's URL
 *   and title itself).
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

const PAGE_TITLE = "Clinic website";
/** Events that count as a conversion for the ad pixel: a form sent or a call started. */
const CONVERSIONS = new Set(["lead_submitted", "phone_click"]);
/** Events whose names (and nothing else) Analytics receives. */
const FORWARDED = new Set([
  "phone_click",
  "virtual_visit_click",
  "get_directions",
  "lead_submitted",
  "newsletter_signup",
]);

let scriptAdded = false;

// gtag.js expects each command as an Arguments object, as in Google's snippet.
function gtag(..._command: unknown[]) {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function startAnalytics(measurementId: string) {
  window.gtag = gtag;
  // A second yes on the same page (after a no) updates what the first set up.
  gtag("consent", scriptAdded ? "update" : "default", {
    analytics_storage: "granted",
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  });
  gtag("js", new Date());
  gtag("config", measurementId, {
    send_page_view: false,
    page_location: window.location.origin + redactPath(window.location.pathname),
    page_title: PAGE_TITLE,
    page_referrer: referrerOrigin(document.referrer),
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
  if (scriptAdded) return;
  scriptAdded = true;
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  script.onerror = () => console.warn("analytics script could not load");
  document.head.append(script);
}

/** Meta's documented no-script pixel request: the event name and the pixel ID, nothing else. */
function pixelLead(pixelId: string) {
  const image = new Image(1, 1);
  image.src = `${PIXEL_ORIGIN}/tr?id=${encodeURIComponent(pixelId)}&ev=Lead&noscript=1`;
}

function removeAnalyticsCookies() {
  const host = window.location.hostname;
  const domains = ["", host, `.${host}`, `.${host.split(".").slice(-2).join(".")}`];
  for (const name of document.cookie.split(";").map((c) => c.split("=")[0].trim())) {
    if (name !== "_ga" && !name.startsWith("_ga_")) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

export function connectThirdParty(config: MeasurementConfig): ThirdPartySink {
  const { analyticsId, pixelId } = config;
  let active = true;
  let previous: string | undefined;
  if (analyticsId) startAnalytics(analyticsId);

  return {
    pageView(path: string) {
      if (!active || !analyticsId) return;
      const location = window.location.origin + redactPath(path);
      const page = {
        page_location: location,
        page_title: PAGE_TITLE,
        page_referrer: previous ?? referrerOrigin(document.referrer),
      };
      gtag("set", page);
      gtag("event", "page_view", page);
      previous = location;
    },
    event(event: EventBody) {
      if (!active) return;
      if (pixelId && CONVERSIONS.has(event.eventType)) pixelLead(pixelId);
      if (analyticsId && FORWARDED.has(event.eventType)) {
        gtag("event", event.eventType, { event_category: event.eventCategory });
      }
    },
    withdraw() {
      active = false;
      if (analyticsId) {
        gtag("consent", "update", {
          analytics_storage: "denied",
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
        });
        removeAnalyticsCookies();
      }
    },
  };
}
