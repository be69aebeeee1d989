/** Paths search engines are asked to stay out of: staff area, sign-in, confirmations, the API, forms. */
export const ROBOTS_DISALLOWED = ["/admin", "/auth", "/thank-you", "/api", "/newsletter"] as const;

/** /robots.txt: every crawler, the disallowed paths, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The staff area (/admin and below): never indexed, whatever its routes say (the server sends X-Robots-Tag too). */
export function isStaffAreaPath(pathname: string): boolean {
  return /^\/admin(\/|$)/i.test(pathname);
}
