import type { NextFunction, Request, Response } from "express";

// Mail programs post one-click unsubscribes (RFC 8058) from their own servers;
// the signed token is the authorisation there.
const CROSS_SITE_ALLOWED = new Set(["/newsletter/unsubscribe"]);

/**
 * Refuses writes sent from another site. React Router checks the Origin of
 * its own actions, but not of /api/*, so one check covers both. Browsers send
 * Sec-Fetch-Site and Origin on every POST; a client that sends neither (curl,
 * a server) is not a browser a malicious page could drive.
 */
export function crossSiteGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (CROSS_SITE_ALLOWED.has(req.path)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite =
      (site !== undefined && site !== "same-origin" && site !== "none") ||
      (origin !== undefined && origin !== ownOrigin && origin !== publicOrigin);
    if (!crossSite) return next();
    res.status(403);
    if (req.path.startsWith("/api/")) {
      res.json({ error: "Requests from other websites are not accepted." });
    } else {
      res.type("text/plain").send("Requests from other websites are not accepted.");
    }
  };
}
