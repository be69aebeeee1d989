import crypto from "node:crypto";

/**
 * The site's own read of a page as it is without staff's settings (the
 * editor's defaults, /admin/seo/page): a request header carrying an HMAC of
 * the server's secret over the page's path and an expiry a minute ahead.
 * With a valid one the root loader skips the page's settings and the page
 * cache neither answers nor keeps the request (server/front.ts,
 * server/page-cache.ts). Without the secret nobody can make one; a header
 * that does not verify is removed at the front, so the request is served
 * exactly as if it had none (from the cache, with the settings). A stolen
 * one is good for one path for a minute and shows only what the page's own
 * route says, nothing private.
 */
export const PAGE_DEFAULTS_HEADER = "x-page-defaults";

const LIFETIME_MS = 60_000;

const mac = (secret: string, path: string, expires: number) =>
  crypto.createHmac("sha256", secret).update(`page-defaults\n${path}\n${expires}`).digest("base64url");

/** The header's value for a read of `path` (normalised, as normalisePath gives it). */
export function signDefaultsRead(secret: string, path: string, now = Date.now()): string {
  const expires = now + LIFETIME_MS;
  return `${expires}.${mac(secret, path, expires)}`;
}

/** Whether `value` is a valid, unexpired header for a read of `path` (normalised). */
export function isDefaultsRead(secret: string, path: string | null, value: unknown, now = Date.now()): boolean {
  if (typeof value !== "string" || path === null) return false;
  const dot = value.indexOf(".");
  const expires = Number(value.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(expires) || expires < now || expires > now + LIFETIME_MS) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const wanted = Buffer.from(mac(secret, path, expires));
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}
