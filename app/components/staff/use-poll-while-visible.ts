import { useEffect, useRef } from "react";

/**
 * Calls `poll` every `intervalMs` while the tab is visible (and while
 * `enabled`): a hidden tab asks nothing (no load on the server for a page no
 * one reads) and catches up at once when shown again. The latest `poll` is
 * the one called, so it may close over the latest render's values.
 */
export function usePollWhileVisible(intervalMs: number, enabled: boolean, poll: () => void) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const tick = () => latest.current();
    const start = () => {
      if (timer === undefined) timer = window.setInterval(tick, intervalMs);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        tick();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs, enabled]);
}
