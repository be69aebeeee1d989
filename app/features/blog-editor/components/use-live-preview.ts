import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { BLOG_PREVIEW_PATH } from "~/lib/blog-admin-paths";

export const PREVIEW_DELAY_MS = 400;

/**
 * The preview as the server renders it (the public post's own code), asked
 * for a moment after typing stops; until the first answer, the one the page
 * came with. No Markdown code in the browser.
 */
export function useLivePreview(initialHtml: string, input: Record<string, string>): { html: string; busy: boolean } {
  const fetcher = useFetcher<{ html: string }>();
  const first = useRef(true);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      void fetcher.submit({ ...input, intent: "preview" }, { method: "post", action: BLOG_PREVIEW_PATH });
    }, PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the input
  }, [key]);
  return { html: fetcher.data?.html ?? initialHtml, busy: fetcher.state !== "idle" };
}
