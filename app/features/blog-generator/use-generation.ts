import { useCallback, useEffect, useRef, useState } from "react";
import { BLOG_GENERATOR_STREAM_PATH } from "~/lib/blog-paths";
import { countWords } from "./generator-input";
import { readEventStream, type GenerationEnd } from "./read-event-stream";

export type GenerationKind = "outline" | "draft";

export type GenerationState =
  | { phase: "idle" }
  | { phase: "running"; kind: GenerationKind; words: number }
  | {
      phase: "ended";
      kind: GenerationKind;
      /** Completed: the outcome's counts; otherwise the problem in words. */
      end: GenerationEnd | null;
      problem: string | null;
      fields: Record<string, string>;
    };

/**
 * One generation at a time, streamed from the server into `onText` (the
 * whole text so far each time). Cancel aborts the request, which aborts the
 * model's; whatever arrived stays with the caller in every case.
 */
export function useGeneration() {
  const [state, setState] = useState<GenerationState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const run = useCallback(async (kind: GenerationKind, fields: URLSearchParams, onText: (text: string) => void) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    let text = "";
    setState({ phase: "running", kind, words: 0 });
    const ended = (end: GenerationEnd | null, problem: string | null, fieldProblems: Record<string, string> = {}) =>
      setState({ phase: "ended", kind, end, problem, fields: fieldProblems });
    try {
      fields.set("kind", kind);
      const response = await fetch(BLOG_GENERATOR_STREAM_PATH, { method: "POST", body: fields, signal: abort.signal });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as {
          error?: string;
          fields?: Record<string, string>;
        } | null;
        ended(null, body?.error ?? `The generator answered with an error (HTTP ${response.status}).`, body?.fields);
        return;
      }
      let end: GenerationEnd | null = null;
      await readEventStream(response.body, (name, data) => {
        if (name === "text") {
          text += (data as { text: string }).text;
          onText(text);
          setState({ phase: "running", kind, words: countWords(text) });
        } else if (name === "end") end = data as GenerationEnd;
      });
      if (!end) ended(null, "The connection to the site closed before the generator finished. What arrived is kept.");
      else {
        const last = end as GenerationEnd;
        ended(last, last.outcome === "completed" ? null : (last.message ?? "The generation was cancelled."));
      }
    } catch {
      if (abort.signal.aborted) ended(null, "Cancelled. What arrived is kept.");
      else ended(null, "The connection to the site was lost before the generator finished. What arrived is kept.");
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  return { state, run, cancel };
}
