import { GTAG_SCRIPT_ORIGIN, PIXEL_ORIGIN, type MeasurementConfig } from "./measurement-config";
import { tagsMayRun } from "./page-groups";
import { redactPath } from "./redact";

/**
 * What the browser hands to Google and Meta after the visitor said yes,
 * decided here and nowhere else (decisions 0011, 0034). Pure: third-party.ts
 * runs the plan in the browser, and the set-up page's live check shows the
 * same plan for a chosen page, so the two cannot disagree.
 * - Nothing at all on a page whose group is off, and never on a condition or
 *   treatment page (page-groups.ts): no script, no command, no image.
 * - Consent Mode v2: every signal denied by default before anything else, then
 *   only what the configured services need granted; ad_personalization never.
 * - Google Analytics gets page views with a neutral title and an allow-listed
 *   location, the referrer's origin, and the names of a few neutral events.
 * - Google Ads gets a conversion (send_to: ID/label) and no other parameter;
 *   its config sends no page view of its own.
 * - Meta gets one image request per conversion, "Lead", with the pixel ID.
 */

export type PlannedStep =
  /** Google's tag (gtag.js) is loaded from this address. */
  | { kind: "script"; url: string }
  /** A command handed to Google's tag, which sends what it says ("js" is stamped with the time when run). */
  | { kind: "gtag"; command: [string, ...unknown[]] }
  /** An image request the browser makes itself. */
  | { kind: "image"; url: string }
  /** Google's documented per-ID switch (window["ga-disable-ID"]): silent on pages where tags may not run. */
  | { kind: "silence"; ids: string[]; silent: boolean };

/** What has happened on this page so far (the plan of the next step depends on it). */
export interface PlanState {
  started: boolean;
  silent: boolean;
  /** The last location sent, the next page view's referrer. */
  previous?: string;
}

export const freshPlanState = (): PlanState => ({ started: false, silent: false });

export const PAGE_TITLE = "Clinic website";

/** Events that count as a conversion, and which Google Ads label each one uses. */
const CONVERSIONS: Record<string, "request" | "phone"> = { lead_submitted: "request", phone_click: "phone" };
/** Events whose names (and category, nothing else) Analytics receives. */
const FORWARDED = new Set([
  "phone_click",
  "virtual_visit_click",
  "get_directions",
  "lead_submitted",
  "newsletter_signup",
]);

const googleIds = (config: MeasurementConfig) =>
  [config.analyticsId, config.adsId].filter((id): id is string => id !== null);

function startGoogle(config: MeasurementConfig, state: PlanState, location: string, referrer: string): PlannedStep[] {
  const ids = googleIds(config);
  if (state.started || ids.length === 0) return [];
  state.started = true;
  const steps: PlannedStep[] = [
    {
      kind: "gtag",
      command: [
        "consent",
        "default",
        { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ],
    },
    {
      kind: "gtag",
      command: [
        "consent",
        "update",
        {
          ad_storage: config.adsId ? "granted" : "denied",
          analytics_storage: config.analyticsId ? "granted" : "denied",
          ad_user_data: config.adsId ? "granted" : "denied",
          ad_personalization: "denied",
        },
      ],
    },
    { kind: "gtag", command: ["js"] },
  ];
  if (config.analyticsId)
    steps.push({
      kind: "gtag",
      command: [
        "config",
        config.analyticsId,
        {
          send_page_view: false,
          page_location: location,
          page_title: PAGE_TITLE,
          page_referrer: referrer,
          allow_google_signals: false,
          allow_ad_personalization_signals: false,
        },
      ],
    });
  if (config.adsId)
    steps.push({
      kind: "gtag",
      command: ["config", config.adsId, { send_page_view: false, allow_ad_personalization_signals: false }],
    });
  steps.push({ kind: "script", url: `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(ids[0]!)}` });
  return steps;
}

/** Moving between pages where tags may and may not run: Google's tag falls silent or speaks again. */
function silence(config: MeasurementConfig, state: PlanState, silent: boolean): PlannedStep[] {
  if (!state.started || state.silent === silent) return [];
  state.silent = silent;
  return [{ kind: "silence", ids: googleIds(config), silent }];
}

/**
 * A page view at `path` (origin: our site's; referrer: the previous site's
 * origin, "" for none). Updates `state`.
 */
export function planPageView(
  config: MeasurementConfig,
  state: PlanState,
  origin: string,
  path: string,
  referrer: string,
): PlannedStep[] {
  if (!tagsMayRun(config.pageGroups, path)) return silence(config, state, true);
  const location = origin + redactPath(path);
  const pageReferrer = state.previous ?? referrer;
  const steps = [...silence(config, state, false), ...startGoogle(config, state, location, pageReferrer)];
  if (config.analyticsId) {
    const page = { page_location: location, page_title: PAGE_TITLE, page_referrer: pageReferrer };
    steps.push({ kind: "gtag", command: ["set", page] }, { kind: "gtag", command: ["event", "page_view", page] });
    state.previous = location;
  }
  return steps;
}

/** An event on the page at `path`: a conversion for Google Ads and Meta, a neutral name for Analytics. */
export function planEvent(
  config: MeasurementConfig,
  state: PlanState,
  origin: string,
  path: string,
  event: { eventType: string; eventCategory?: string },
): PlannedStep[] {
  if (!tagsMayRun(config.pageGroups, path)) return [];
  const steps: PlannedStep[] = [];
  const conversion = CONVERSIONS[event.eventType];
  const label = conversion ? config.labels[conversion] : null;
  const toGoogle = (config.analyticsId && FORWARDED.has(event.eventType)) || (config.adsId && label);
  if (toGoogle) steps.push(...startGoogle(config, state, origin + redactPath(path), state.previous ?? ""));
  if (conversion && config.pixelId)
    steps.push({
      kind: "image",
      url: `${PIXEL_ORIGIN}/tr?id=${encodeURIComponent(config.pixelId)}&ev=Lead&noscript=1`,
    });
  if (config.adsId && label)
    steps.push({ kind: "gtag", command: ["event", "conversion", { send_to: `${config.adsId}/${label}` }] });
  if (config.analyticsId && FORWARDED.has(event.eventType))
    steps.push({
      kind: "gtag",
      command: ["event", event.eventType, { event_category: event.eventCategory ?? "general" }],
    });
  return steps;
}
