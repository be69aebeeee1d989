import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";

// Mail programs post one-click unsubscribes (RFC 8058) from their own servers;
// the signed token is the authorisation there.
const CROSS_SITE_ALLOWED = new Set(["/newsletter/unsubscribe"]);

export const CROSS_SITE_MESSAGE = "Requests from other websites are not accepted.";

/**
 * True for a write a browser sent from another site. Browsers send
 * Sec-Fetch-Site and Origin on every POST; a client that sends neither (curl,
 * a server) is not a browser a malicious page could drive.
 */
export function isCrossSiteWrite(headers: IncomingHttpHeaders, ownOrigin: string, publicOrigin: string): boolean {
  const site = headers["sec-fetch-site"];
  const origin = headers.origin;
  return (
    (site !== undefined && site !== "same-origin" && site !== "none") ||
    (origin !== undefined && origin !== ownOrigin && origin !== publicOrigin)
  );
}

/**
 * Refuses writes sent from another site. React Router checks the Origin of
 * its own actions, but not of /api/*, so one check covers both (the beacon
 * front applies the same test to the analytics writes it serves).
 */
export function crossSiteGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (CROSS_SITE_ALLOWED.has(req.path)) return next();
    if (!isCrossSiteWrite(req.headers, `${req.protocol}://${req.get("host")}`, publicOrigin)) return next();
    res.status(403);
    if (req.path.startsWith("/api/")) {
      res.json({ error: CROSS_SITE_MESSAGE });
    } else {
      res.type("text/plain").send(CROSS_SITE_MESSAGE);
    }
  };
}
