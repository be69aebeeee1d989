import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import type { EditorAnswer } from "../editor-types";

export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveAnswer = EditorAnswer & { id?: number };

/**
 * Saves the editor's fields a moment after typing stops (and when the tab
 * is hidden), through a fetcher so the page does not move. Each save names
 * the version it started from; the server refuses one when the post has
 * moved on (another tab or person), and the editor then stops and says so
 * rather than overwrite. Returns the last answer with the values it saved.
 */
export function useAutosave({
  id,
  version,
  session,
  values,
  dirty,
  enabled,
}: {
  id: number | null;
  version: number;
  session: string;
  values: Record<string, string>;
  dirty: boolean;
  enabled: boolean;
}) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const [sent, setSent] = useState<Record<string, string> | null>(null);
  const busy = fetcher.state !== "idle";

  const save = useEffectEvent(() => {
    if (!dirty || !enabled || busy) return;
    setSent(values);
    const action = id === null ? "/admin/blog/new" : `/admin/blog/${id}`;
    void fetcher.submit(
      { ...values, intent: "autosave", version: String(version), session },
      { method: "post", action },
    );
  });

  // Typing (re)starts the wait; a save in flight is let finish, and the next one follows it.
  useEffect(() => {
    if (!dirty || !enabled || busy) return;
    const timer = window.setTimeout(() => save(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, dirty, enabled, busy]);

  // Leaving the tab (or closing it) saves what is there now.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") save();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => document.removeEventListener("visibilitychange", onHide);
  }, []);

  return { busy, answer: busy ? undefined : fetcher.data, sent };
}
