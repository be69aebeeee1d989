import { useEffect, useRef, useState } from "react";
import type { Finding } from "~/features/draft-checks/draft-types";
import { BLOG_PREVIEW_PATH } from "~/lib/blog-paths";
import { postForm } from "./post-form";

export const PREVIEW_DELAY_MS = 400;

/**
 * The preview as the server renders it (the public post's own code), asked
 * for a moment after typing stops, the older question dropped when a newer
 * one goes out; until the first answer, the one the page came with. No
 * Markdown code in the browser. The draft checks come back on the same
 * answer, so they follow the typing with no second request.
 */
export function useLivePreview(
  initialHtml: string,
  initialFindings: Finding[],
  input: Record<string, string>,
): { html: string; findings: Finding[]; busy: boolean } {
  const [html, setHtml] = useState(initialHtml);
  const [findings, setFindings] = useState(initialFindings);
  const [busy, setBusy] = useState(false);
  const first = useRef(true);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      setBusy(true);
      postForm<{ html: string; findings: Finding[] }>(
        BLOG_PREVIEW_PATH,
        JSON.parse(key) as Record<string, string>,
        abort.signal,
      )
        .then((answer) => {
          setHtml(answer.html);
          setFindings(answer.findings);
        })
        .catch(() => {}) // a dropped or failed question: the last preview stays, the next keystroke asks again
        .finally(() => {
          if (!abort.signal.aborted) setBusy(false);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return { html, findings, busy };
}
