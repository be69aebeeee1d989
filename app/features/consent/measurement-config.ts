/**
 * Which third-party measurement the clinic has switched on (site_content
 * columns analytics_measurement_id and ad_pixel_id; empty by default). An ID
 * ends up in a script URL and in the Content-Security-Policy, so anything that
 * does not look like one is treated as "not configured".
 */
export interface MeasurementConfig {
  /** Google Analytics 4 measurement ID, e.g. "G-ABC123XYZ". */
  analyticsId: string | null;
  /** Meta (Facebook) pixel ID: digits only. */
  pixelId: string | null;
}

const ANALYTICS_ID = /^G-[A-Z0-9]{4,20}$/;
const PIXEL_ID = /^[0-9]{5,20}$/;

export const GTAG_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
export const PIXEL_ORIGIN = "https://www.facebook.com";

export function measurementConfig(row?: {
  analyticsMeasurementId?: string | null;
  adPixelId?: string | null;
}): MeasurementConfig {
  const analyticsId = row?.analyticsMeasurementId?.trim().toUpperCase() ?? "";
  const pixelId = row?.adPixelId?.trim() ?? "";
  return {
    analyticsId: ANALYTICS_ID.test(analyticsId) ? analyticsId : null,
    pixelId: PIXEL_ID.test(pixelId) ? pixelId : null,
  };
}

/** Whether there is anything to ask the visitor about. */
export function needsConsent(config: MeasurementConfig | undefined): config is MeasurementConfig {
  return !!config && !!(config.analyticsId || config.pixelId);
}

/**
 * Origins the document's CSP must allow for the configured services, and only
 * for them (Google's documented list for GA4; the pixel is an image request).
 */
export function thirdPartyCspSources(config: MeasurementConfig | undefined) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (config?.analyticsId) {
    script.push(GTAG_SCRIPT_ORIGIN);
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", GTAG_SCRIPT_ORIGIN);
    img.push("https://*.google-analytics.com", GTAG_SCRIPT_ORIGIN);
  }
  if (config?.pixelId) img.push(PIXEL_ORIGIN);
  return { script, connect, img };
}
