import crypto from "node:crypto";
import type express from "express";
import { mapEmbedUrl } from "~/document/map-frame-path";

/**
 * The page inside a map panel (decision 0049): the clinic's pin, a sentence
 * saying where the map comes from, and a "Show map" link that takes this
 * frame to the map service. No script, no database, no request to anyone
 * else until the visitor follows the link, so it works without JavaScript,
 * during an outage, and costs the embedding page's script nothing.
 */
const STYLE =
  "html,body{height:100%;margin:0}" +
  "body{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;padding:1rem;" +
  "box-sizing:border-box;text-align:center;font-family:system-ui,sans-serif;color:#1f2a2e;background:#fff}" +
  "svg{width:2.5rem;height:2.5rem;color:#0e6b66}" +
  "p{margin:0;max-width:20rem;font-size:.875rem;line-height:1.4;color:#4b5b60}" +
  "a{display:inline-flex;align-items:center;min-height:2.5rem;padding:0 1rem;border:1px solid #0e6b66;" +
  "border-radius:.5rem;color:#0b4f4b;font-weight:600;font-size:.875rem;text-decoration:none;background:#fff}" +
  "a:hover{background:#e3f0ee}a:focus-visible{outline:3px solid #b4461f;outline-offset:2px}";
const STYLE_HASH = crypto.createHash("sha256").update(STYLE).digest("base64");

// Lucide's map-pin, drawn inline (no request for an icon).
const PIN =
  '<svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/>' +
  '<circle cx="12" cy="10" r="3"/></svg>';

/** Its own policy: framed only by our pages, its one style by hash, the pin inline, nothing else. */
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`;

const coordinate = (value: unknown, limit: number) => {
  if (typeof value !== "string" || !/^-?\d{1,3}(\.\d{1,7})?$/.test(value)) return null;
  const n = Number(value);
  return Math.abs(n) <= limit ? n : null;
};

export function mapFramePage(req: express.Request, res: express.Response) {
  const latitude = coordinate(req.query.lat, 90);
  const longitude = coordinate(req.query.lng, 180);
  res.setHeader("X-Robots-Tag", "noindex");
  if (latitude === null || longitude === null) {
    res
      .status(400)
      .type("text/plain")
      .send("lat and lng must be decimal degrees: lat between -90 and 90, lng between -180 and 180.");
    return;
  }
  // Framed by our own pages only (the default for documents is DENY).
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Content-Security-Policy", CSP);
  // The map service learns neither which page of ours nor which office the visitor came from.
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Map</title><style>${STYLE}</style></head>
<body>${PIN}
<p>The map comes from OpenStreetMap. It loads only if you ask for it.</p>
<a href="${mapEmbedUrl(latitude, longitude).replace(/&/g, "&amp;")}" rel="noreferrer">Show map</a>
</body></html>`);
}
