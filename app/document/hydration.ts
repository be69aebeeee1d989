import { useEffect } from "react";

// True in the browser until the first hydration has committed.
let hydrating = typeof document !== "undefined";

/** Whether this render is part of the page's first hydration. */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * Called once by the root: after the first commit, later renders are client
 * renders. <html data-hydrated> tells people and tests the page is interactive.
 */
export function useMarkHydrated() {
  useEffect(() => {
    hydrating = false;
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
