import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_PHONE } from "~/features/content/site-content";
import { isStaffAreaRequest } from "~/lib/staff-area";
import type { DatabaseWatch } from "./database-watch";
import type { PageCopies } from "./page-copies";
import { NOT_FOUND_COPY, STALE_HEADER } from "./page-copy-refresh";
import { isDataPath, splitTarget } from "./page-cache-key";

/** How long a visitor (or a crawler) is asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * A public page read (GET or HEAD of a document or its data request) that an
 * outage may answer: not the staff area or sign-in (they have their own 503),
 * not the JSON API, feeds or files (they answer for themselves).
 */
export function isPublicPageRead(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const { pathname } = splitTarget(req.url ?? "/");
  if (isStaffAreaRequest(pathname)) return false;
  const lower = pathname.toLowerCase();
  if (lower === "/auth" || lower.startsWith("/auth/") || lower.startsWith("/auth.")) return false;
  if (lower.startsWith("/api/")) return false;
  // Documents have no extension; data requests end in .data.
  return isDataPath(pathname) || !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * What a public page read gets while the database is away (issue 21): its
 * last good copy with 200 (a 404 copy for an unknown path), marked stale;
 * without a copy, 503 with Retry-After and a page with the phone number,
 * 988 and 911. A data request (a click inside a hydrated page) is told to
 * load the document instead, which is then answered the same way.
 */
export function createOutageAnswer(options: { copies: PageCopies; watch: DatabaseWatch }) {
  const { copies } = options;

  const hasCopy = (req: IncomingMessage) => {
    const { pathname } = splitTarget(req.url ?? "/");
    return isDataPath(pathname) || copies.get(pathname) !== undefined;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, renderedStatus?: number): boolean => {
    const { pathname } = splitTarget(req.url ?? "/");
    res.setHeader("Cache-Control", "no-store");
    if (isDataPath(pathname)) {
      const documentPath = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
      res.writeHead(204, {
        "X-Remix-Redirect": documentPath,
        "X-Remix-Status": "302",
        "X-Remix-Reload-Document": "true",
      });
      res.end();
      return true;
    }
    const copy = copies.get(pathname) ?? (renderedStatus === 404 ? copies.get(NOT_FOUND_COPY) : undefined);
    if (copy) {
      res.statusCode = copy.status;
      for (const [name, value] of copy.headers) res.setHeader(name, value);
      res.setHeader(STALE_HEADER, `stale; saved=${copy.savedAt}`);
      res.setHeader(
        "Content-Type",
        copy.headers.find(([n]) => n === "content-type")?.[1] ?? "text/html; charset=utf-8",
      );
      res.end(req.method === "HEAD" ? undefined : copy.body);
      return true;
    }
    // The render's own 404 page (drawn with the built-in fallbacks) says the truth better than a 503.
    if (renderedStatus === 404) {
      res.removeHeader("Cache-Control");
      return false;
    }
    const page = outagePage(phoneOfCopies(copies));
    res.statusCode = 503;
    res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("X-Robots-Tag", "noindex");
    res.end(req.method === "HEAD" ? undefined : page.html);
    return true;
  };
  return { answer, hasCopy };
}

/** The clinic's number as the last good copies show it (the staff may have changed it), else the default. */
function phoneOfCopies(copies: PageCopies): string {
  const home = copies.get("/") ?? copies.get(NOT_FOUND_COPY);
  const match = home?.body
    .toString("utf8")
    .match(/href="tel:[^"]*"[^>]*>(?:<[^>]+>)*\s*([()0-9+][0-9()+\-. ]{6,}[0-9])/);
  return match?.[1] ?? DEFAULT_PHONE;
}

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;background:#f7faf9}" +
  "main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem;line-height:1.6}" +
  "h1{color:#0b4f4b;font-size:1.75rem;line-height:1.25}a{color:#0b4f4b;font-weight:600}" +
  "a:focus-visible{outline:3px solid #0b4f4b;outline-offset:2px}";
const STYLE_HASH = crypto.createHash("sha256").update(STYLE).digest("base64");

/** A page that needs nothing but itself: no script, no database, its one style allowed by hash. */
function outagePage(phone: string) {
  const tel = `tel:${phone.replace(/[^0-9+]/g, "")}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>We will be back in a moment</title><style>${STYLE}</style></head>
<body><main>
<h1>This page is taking a short break</h1>
<p>Part of our website is not answering right now. Please try again in a minute.</p>
<p>You can still reach us: call the clinic at <a href="${tel}">${escapeHtml(phone)}</a>, and we will take your request by phone.</p>
<p>If you are in crisis, call or text <a href="tel:988">988</a> (Suicide &amp; Crisis Lifeline). In an emergency, call <a href="tel:911">911</a>.</p>
</main></body></html>`;
  return {
    html,
    csp: `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
