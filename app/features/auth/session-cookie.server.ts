import { createCookie } from "react-router";
import { SESSION_COOKIE_NAME } from "~/lib/staff-area";

/**
 * The staff session cookie: an opaque random token and nothing else.
 * HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
 * posts), Secure whenever the site is served over https. No Max-Age: the
 * browser forgets it when closed, the server ends it after 30 idle minutes
 * or 12 hours. Its name (~/lib/staff-area) is the one the page cache steps aside for.
 */

const cookie = createCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/" });

export async function readSessionToken(cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader || !cookieHeader.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const value: unknown = await cookie.parse(cookieHeader);
  return typeof value === "string" ? value : null;
}

export function sessionCookieHeader(token: string, secure: boolean): Promise<string> {
  return cookie.serialize(token, { secure });
}

export function clearedSessionCookieHeader(secure: boolean): Promise<string> {
  return cookie.serialize("", { secure, maxAge: 0, expires: new Date(0) });
}

/** Secure on every https request, and always in production (where a TLS proxy may hand us plain http). */
export function cookieIsSecure(requestUrl: string, secureCookies: boolean): boolean {
  return secureCookies || requestUrl.startsWith("https:");
}
