import { useEffect, useEffectEvent, useState } from "react";
import { BLOG_AUTOSAVE_PATH } from "~/lib/blog-paths";
import type { EditorAnswer } from "../editor-types";
import { postForm } from "./post-form";

export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveAnswer = EditorAnswer & { id?: number };

/**
 * Saves the editor's fields a moment after typing stops (and when the tab
 * is hidden) to /admin/blog/autosave, the same write as Save. Each save
 * names the version it started from; the server refuses one when the post
 * has moved on (another tab or person), and the editor then stops and says
 * so rather than overwrite. One save at a time; the next follows it.
 * Returns the last answer with the values it saved.
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
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ answer: AutosaveAnswer; sent: Record<string, string> } | null>(null);

  const save = useEffectEvent(() => {
    if (!dirty || !enabled || busy) return;
    const sent = values;
    setBusy(true);
    postForm<AutosaveAnswer>(BLOG_AUTOSAVE_PATH, {
      ...sent,
      id: id === null ? "" : String(id),
      version: String(version),
      session,
    })
      .then((answer) => setLast({ answer, sent }))
      .catch(() =>
        setLast({
          answer: {
            ok: false,
            fields: {},
            answerId: `failed-${Date.now()}`,
            message: "Not saved: the connection failed. Trying again as you type.",
          },
          sent,
        }),
      )
      .finally(() => setBusy(false));
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

  return { busy, answer: busy ? undefined : last?.answer, sent: last?.sent ?? null };
}
