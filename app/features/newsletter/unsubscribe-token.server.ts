import crypto from "node:crypto";

/**
 * The signed one-click unsubscribe token: "<subscriber id>.<HMAC-SHA256>",
 * both base64url. The id is the row's random UUID, so the token (and the link
 * that carries it) says nothing about the address. The MAC is keyed by the
 * server secret with a purpose label, so no other keyed hash on this site
 * (rate-limit keys use the same secret) can stand in for it.
 *
 * Tokens do not expire: a link in a months-old newsletter must still work
 * (changing the secret is what retires every link at once).
 */
const PURPOSE = "newsletter-unsubscribe:v1:";
const ID_CHARS = 22; // 16 bytes in base64url
const MAC_BYTES = 32;

function mac(secret: string, id: string): Buffer {
  return crypto
    .createHmac("sha256", secret)
    .update(PURPOSE + id)
    .digest();
}

function idToBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, "");
  return /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, "hex") : null;
}

function bytesToId(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function unsubscribeToken(secret: string, subscriberId: string): string {
  const bytes = idToBytes(subscriberId);
  if (!bytes) throw new Error("A subscriber id is a UUID.");
  const id = bytesToId(bytes);
  return `${bytes.toString("base64url")}.${mac(secret, id).toString("base64url")}`;
}

/** The subscriber id a token was made for, or null for anything not made by this server. */
export function verifyUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 100) return null;
  const [idPart, macPart, extra] = token.split(".");
  if (extra !== undefined || !idPart || !macPart || idPart.length !== ID_CHARS) return null;
  const idBytes = Buffer.from(idPart, "base64url");
  const given = Buffer.from(macPart, "base64url");
  // Only the canonical spelling is accepted, so one subscriber has one token.
  if (idBytes.length !== 16 || idBytes.toString("base64url") !== idPart) return null;
  if (given.length !== MAC_BYTES || given.toString("base64url") !== macPart) return null;
  const id = bytesToId(idBytes);
  return crypto.timingSafeEqual(given, mac(secret, id)) ? id : null;
}

/** The link a subscriber follows (or a mail program posts to) to leave the list. */
export function unsubscribeUrl(publicUrl: string, secret: string, subscriberId: string): string {
  const url = new URL("/newsletter/unsubscribe", `${publicUrl}/`);
  url.searchParams.set("token", unsubscribeToken(secret, subscriberId));
  return url.href;
}
