import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { usePollWhileVisible } from "~/components/staff/use-poll-while-visible";
import { SEO_PROGRESS_PATH } from "../audit-paths";
import type { ProgressAnswer, RunProgress } from "../overview-types";

/** How often the open overview asks how far a running check has got. */
export const PROGRESS_REFRESH_MS = 2000;

/**
 * Follows a running check from the open overview: every 2 s (while the tab
 * is visible) it asks /admin/seo/progress, a few numbers from the server's
 * memory, and shows them; once the check is no longer running (finished,
 * failed, taken over, or the answer is not the progress at all: signed out,
 * no access, the database away) it revalidates the page's loaders once,
 * which bring the results or say what happened. Asking for the whole page's
 * data every 2 s instead cost visitors' answers on PGlite most of what a
 * large audit cost them (issue 16). Without JavaScript the panel's refresh
 * link does the same by hand.
 */
export function useRunProgress(running: RunProgress | null): RunProgress | null {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<{ id: number; found: number; done: number } | null>(null);
  const asking = useRef(false);
  usePollWhileVisible(PROGRESS_REFRESH_MS, running !== null && !running.stale, () => {
    if (asking.current || !running) return;
    asking.current = true;
    const followed = running.id;
    const refresh = () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    };
    fetch(SEO_PROGRESS_PATH, { headers: { accept: "application/json" }, redirect: "manual" })
      .then(async (response) => {
        const json = response.ok && response.headers.get("content-type")?.startsWith("application/json");
        const now = json ? ((await response.json()) as ProgressAnswer).running : null;
        if (now && now.id === followed && !now.stale) setLive({ id: now.id, found: now.found, done: now.done });
        else refresh();
      })
      // The network dropped: the next tick asks again.
      .catch(() => {})
      .finally(() => {
        asking.current = false;
      });
  });
  if (!running) return null;
  // Newer than what the loader brought (a revalidation may bring the row's figures, a second older).
  return live?.id === running.id && live.done >= running.done ? { ...running, ...live } : running;
}
