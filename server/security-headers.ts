import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";

/**
 * Security headers sent on every response. Documents get their own
 * Content-Security-Policy from entry.server (script hashes); everything else
 * gets the locked-down default below.
 */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const staticHeaders: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()",
  ],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
];

export const HSTS = "max-age=31536000; includeSubDomains";

/** Decides whether a request reached us over https, honouring only trusted proxies. */
export function createIsSecure(trustProxy: string) {
  const trust =
    trustProxy === "true" ? () => true : proxyaddr.compile(trustProxy.split(",").map((s) => s.trim()));
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

export function securityHeaders(secure: boolean): [string, string][] {
  return secure ? [...staticHeaders, ["Strict-Transport-Security", HSTS]] : staticHeaders;
}
