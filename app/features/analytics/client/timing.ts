/** Spec §4 and §9: when analytics start, and when phone links are checked again. */
export const IDLE_TIMEOUT_MS = 1000;
export const IDLE_FALLBACK_MS = 500;
export const REBIND_DELAY_MS = 100;

/**
 * Runs `start` once the page has finished loading: if it already has, during
 * idle time (at most 1 s later) or, without requestIdleCallback, after 500 ms;
 * otherwise after the load event.
 */
export function whenPageSettled(start: () => void) {
  const soon = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => start(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, IDLE_FALLBACK_MS);
  };
  if (document.readyState === "complete") soon();
  else window.addEventListener("load", () => start(), { once: true });
}
