import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Revalidates the route's loader every `intervalMs` while the tab is
 * visible (and while `enabled`): a hidden tab asks nothing (no load on the
 * server for a page no one reads) and catches up at once when shown again.
 */
export function useRefreshWhileVisible(intervalMs: number, enabled = true) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const refresh = () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const start = () => {
      if (timer === undefined) timer = window.setInterval(refresh, intervalMs);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        refresh();
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
