/** Spec §4 and §9: when analytics start, and when phone links are checked again. */
export const IDLE_TIMEOUT_MS = 1000;
export const IDLE_FALLBACK_MS = 500;
export const REBIND_DELAY_MS = 100;

/**
 * Runs `start` once the page has finished loading: during idle time (at most
 * 1 s later) or, without requestIdleCallback, after 500 ms; if the page is
 * still loading, the same once the load event has fired. The wait after the
 * load event keeps the tracker's loading out of hydration, which the load
 * event often comes in the middle of.
 */
export function whenPageSettled(start: () => void) {
  const soon = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => start(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, IDLE_FALLBACK_MS);
  };
  if (document.readyState === "complete") soon();
  else window.addEventListener("load", soon, { once: true });
}
