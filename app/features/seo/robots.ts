import { STAFF_AREA_PATH } from "~/lib/staff-area";

/** Paths search engines are asked to stay out of: staff area, sign-in, confirmations, the API, forms. */
export const ROBOTS_DISALLOWED = [STAFF_AREA_PATH, "/auth", "/thank-you", "/api", "/newsletter"] as const;

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
