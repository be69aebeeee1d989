import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import inlineCss from "./app.css?inline";
import { thirdPartyCspSources } from "./features/consent/measurement-config";
import type { RootData } from "./features/site/root-data";
import { documentCsp } from "./document/csp.server";
import { hydrateAfterFirstPaint } from "./document/hydrate-after-paint.server";
import { InlineStylesContext } from "./document/inline-styles";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (our loaders are quick
 * database reads), so that every inline script can be allowed by hash in the
 * Content-Security-Policy and the page can be cached as plain bytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesContext value={import.meta.env.DEV ? null : inlineCss}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineStylesContext>,
      {
        // We send the document whole, so nothing gains from React moving large
        // sections out of line (they would sit hidden until a script runs).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("error", reject);
          sink.on("end", () => {
            clearTimeout(timer);
            const html = hydrateAfterFirstPaint(Buffer.concat(chunks).toString("utf8"));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // Third-party origins only when the clinic configured them (they still load only after consent).
            const root = routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
            const extra = thirdPartyCspSources(root?.measurement);
            responseHeaders.set("Content-Security-Policy", documentCsp(html, extra));
            resolve(new Response(html, { status, headers: responseHeaders }));
          });
          pipe(sink);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          status = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
