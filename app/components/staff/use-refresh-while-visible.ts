import { useRevalidator } from "react-router";
import { usePollWhileVisible } from "./use-poll-while-visible";

/** Revalidates the route's loaders every `intervalMs` while the tab is visible (and while `enabled`). */
export function useRefreshWhileVisible(intervalMs: number, enabled = true) {
  const revalidator = useRevalidator();
  usePollWhileVisible(intervalMs, enabled, () => {
    if (revalidator.state === "idle") void revalidator.revalidate();
  });
}
