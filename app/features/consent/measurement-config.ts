import { ID_PATTERNS } from "./id-patterns";

/**
 * Which third-party measurement the clinic has switched on, as the public
 * pages use it: the one ads_measurement_settings row that
 * /admin/google-ads-setup edits (decision 0034; empty by default). An ID ends
 * up in a script URL, a request and the Content-Security-Policy, so anything
 * that does not look like one is treated as "not configured"; the set-up page
 * refuses such values with the same patterns.
 */
export interface MeasurementConfig {
  /** Google Analytics 4 measurement ID, e.g. "G-ABC123XYZ". */
  analyticsId: string | null;
  /** Meta (Facebook) pixel ID: digits only. */
  pixelId: string | null;
  /** Google Ads conversion ID, e.g. "AW-123456789". */
  adsId: string | null;
  /** The Google Ads conversion label of each conversion action (null: that action is not sent to Google Ads). */
  labels: { request: string | null; phone: string | null };
  /** The page groups (page-groups.ts) where tags may run. */
  pageGroups: string[];
  /** Whether there is anything to ask the visitor about (decided here, on the server: the first-load script only reads it). */
  ask: boolean;
}

export const GTAG_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
export const PIXEL_ORIGIN = "https://www.facebook.com";

export interface MeasurementRow {
  analyticsMeasurementId?: string | null;
  adPixelId?: string | null;
  adsConversionId?: string | null;
  requestLabel?: string | null;
  phoneLabel?: string | null;
  pageGroups?: string[] | null;
}

const checked = (value: string | null | undefined, pattern: RegExp, upper = false) => {
  const trimmed = value?.trim() ?? "";
  const typed = upper ? trimmed.toUpperCase() : trimmed;
  return pattern.test(typed) ? typed : null;
};

/** The settings as the pages use them; without a row (a new installation), nothing is configured. */
export function measurementConfig(row?: MeasurementRow): MeasurementConfig {
  const adsId = checked(row?.adsConversionId, ID_PATTERNS.adsId, true);
  const analyticsId = checked(row?.analyticsMeasurementId, ID_PATTERNS.analyticsId, true);
  const pixelId = checked(row?.adPixelId, ID_PATTERNS.pixelId);
  const pageGroups = (row?.pageGroups ?? []).filter((group) => group !== "conditions");
  return {
    analyticsId,
    pixelId,
    adsId,
    labels: {
      request: adsId ? checked(row?.requestLabel, ID_PATTERNS.label) : null,
      phone: adsId ? checked(row?.phoneLabel, ID_PATTERNS.label) : null,
    },
    pageGroups,
    // A service configured and a page group where it may run.
    ask: !!(analyticsId || pixelId || adsId) && pageGroups.length > 0,
  };
}

/** Whether there is anything to ask the visitor about. */
export function needsConsent(config: MeasurementConfig | undefined): config is MeasurementConfig {
  return !!config?.ask;
}

/**
 * Origins the document's CSP must allow for the configured services, and only
 * for them: Google's documented lists for GA4 and for Google Ads conversions
 * (developers.google.com/tag-platform/security/guides/csp); the pixel is an
 * image request. Nothing when no page group may run tags.
 */
export function thirdPartyCspSources(config: MeasurementConfig | undefined) {
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  const frame = new Set<string>();
  if (!needsConsent(config)) return { script: [], connect: [], img: [], frame: [] };
  if (config.analyticsId || config.adsId) script.add(GTAG_SCRIPT_ORIGIN);
  if (config.analyticsId) {
    for (const origin of ["https://*.google-analytics.com", "https://*.analytics.google.com", GTAG_SCRIPT_ORIGIN])
      connect.add(origin);
    for (const origin of ["https://*.google-analytics.com", GTAG_SCRIPT_ORIGIN]) img.add(origin);
  }
  if (config.adsId) {
    for (const origin of ["https://www.googleadservices.com", "https://www.google.com"]) script.add(origin);
    for (const origin of [
      "https://www.googleadservices.com",
      "https://googleads.g.doubleclick.net",
      "https://www.google.com",
      GTAG_SCRIPT_ORIGIN,
    ]) {
      connect.add(origin);
      img.add(origin);
    }
    frame.add("https://td.doubleclick.net");
    frame.add(GTAG_SCRIPT_ORIGIN);
  }
  if (config.pixelId) img.add(PIXEL_ORIGIN);
  return { script: [...script], connect: [...connect], img: [...img], frame: [...frame] };
}
