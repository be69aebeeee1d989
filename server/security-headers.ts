import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";
import { isStaffAreaRequest } from "~/lib/staff-area";

/**
 * Security headers sent on every response. Documents get their own
 * Content-Security-Policy from entry.server (script hashes); everything else
 * gets the locked-down default below.
 */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// Every response: no MIME sniffing, no embedding by other origins' pages.
const resourceHeaders: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
];

// Documents also decide what the page may use, send and open.
const documentHeaders: [string, string][] = [
  ...resourceHeaders,
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()",
  ],
  ["X-Frame-Options", "DENY"],
];

// Pages that hold someone's own session (the staff area and its sign-in) also
// refuse to share a browsing context group with a page that opened them, so
// that page cannot reach their window. Public pages are the same for every
// visitor and have nothing there to protect; for them the header would only
// cost a phone a fresh renderer process and context on arrival from any page
// that does not send it (docs/decisions/0019).
const privateDocumentHeaders: [string, string][] = [...documentHeaders, ["Cross-Origin-Opener-Policy", "same-origin"]];

/** What a response is, for the headers it gets. */
export type ResponseKind = "document" | "private-document" | "resource";

const headersFor: Record<ResponseKind, [string, string][]> = {
  document: documentHeaders,
  "private-document": privateDocumentHeaders,
  resource: resourceHeaders,
};

const SIGN_IN_REQUEST = /^\/auth(\/|\.data$|$)/i;

/** The kind of response a request path gets: API answers and assets are resources. */
export function responseKind(path: string): ResponseKind {
  if (path.startsWith("/api/") || path.startsWith("/assets/")) return "resource";
  return isStaffAreaRequest(path) || SIGN_IN_REQUEST.test(path) ? "private-document" : "document";
}

export const HSTS = "max-age=31536000; includeSubDomains";

/** Decides whether a request reached us over https, honouring only trusted proxies. */
/** The TRUST_PROXY setting as a proxy-addr trust function (Express's "trust proxy" syntax). */
export function compileTrust(trustProxy: string): (address: string, hop: number) => boolean {
  return trustProxy === "true" ? () => true : proxyaddr.compile(trustProxy.split(",").map((s) => s.trim()));
}

/** The client's address as Express's req.ip gives it: the nearest untrusted hop. */
export function createClientAddress(trustProxy: string) {
  const trust = compileTrust(trustProxy);
  return (req: IncomingMessage): string => proxyaddr(req, trust);
}

export function createIsSecure(trustProxy: string) {
  const trust = compileTrust(trustProxy);
  return (req: IncomingMessage): boolean => {
    if ((req.socket as TLSSocket).encrypted) return true;
    const forwarded = req.headers["x-forwarded-proto"];
    if (!forwarded) return false;
    const remote = req.socket.remoteAddress ?? "";
    if (!trust(remote, 0)) return false;
    const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded).split(",")[0].trim();
    return proto === "https";
  };
}

/**
 * The headers for a response: documents get the full set, other responses
 * (JSON, assets) the ones that mean something for them.
 */
export function securityHeaders(secure: boolean, kind: ResponseKind = "document"): [string, string][] {
  const base = headersFor[kind];
  return secure ? [...base, ["Strict-Transport-Security", HSTS]] : base;
}
