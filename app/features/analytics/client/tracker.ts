import { CLICK_IDS, cleanReferrer, UTM_FIELDS, type Campaign } from "./campaign";
import type { EventBody, MeasurementSink } from "./events";
import { clip, post } from "./send";

/**
 * Sends page views and events to our own API (spec §7): keepalive, failures
 * ignored. Loaded after the page has settled, so none of it is in the first
 * page's JavaScript; web-vitals loads after it.
 */
export function createTracker({ attribution, landing }: Campaign): MeasurementSink {
  const landingPath = clip(window.location.pathname);
  let previousPath: string | undefined;

  void reportWebVitals(landingPath);

  return {
    pageView(path) {
      const body: Record<string, string> = { path, userAgent: clip(navigator.userAgent) };
      // The landing view tells where the visitor came from; later views, the page before.
      const referrer = previousPath
        ? window.location.origin + previousPath
        : cleanReferrer(document.referrer, window.location.origin);
      if (referrer) body.referrer = referrer;
      // Campaign values hold for the whole visit; click ids go with the landing view only.
      for (const field of UTM_FIELDS) if (attribution[field]) body[field] = attribution[field];
      if (landing && !previousPath)
        for (const field of CLICK_IDS) if (attribution[field]) body[field] = attribution[field];
      previousPath = path;
      void post("/api/analytics/page-view", body);
    },
    event(event: EventBody) {
      void post("/api/analytics/event", event);
    },
  };
}

/**
 * Real visitors' Core Web Vitals, each as one event (LCP, INP and CLS are
 * final when the page is hidden). They describe the page the visitor landed
 * on, so they carry its path.
 */
async function reportWebVitals(path: string) {
  try {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
    const report = ({ name, value }: { name: string; value: number }) => {
      const rounded = name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
      const body: EventBody = {
        eventType: "web_vital",
        eventCategory: "performance",
        eventLabel: name,
        value: rounded,
        path,
      };
      void post("/api/analytics/event", body);
    };
    onCLS(report);
    onFCP(report);
    onINP(report);
    onLCP(report);
    onTTFB(report);
  } catch (error) {
    console.warn("web vitals could not load", error);
  }
}
