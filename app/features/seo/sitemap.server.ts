import { asc, desc, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { canonicalUrl } from "~/lib/canonical-url";
import { isLive } from "~/features/content/live-posts.server";
import { normalisePath } from "~/lib/site-path";

/** One public, indexable page: its path and when its words last changed (if known). */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** Pages with no row of their own: the forms. */
const FORM_PAGES = ["/request-appointment", "/get-started"] as const;

/**
 * Every page a search engine should know, in the order a person would list
 * them: home, the pages (info, topic, legal and the list pages' own words),
 * treatments, insurance providers, the forms, clinicians, offices, then blog
 * posts newest first. A path listed twice (a page row with a treatment's
 * slug) is kept once, where it first appears. Pages whose settings
 * (/admin/seo/page) keep them out of search results or name another address
 * as canonical are left out: a sitemap lists only the addresses to index.
 */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [home, pages, treatments, providers, team, offices, posts, settings] = await Promise.all([
    db.select({ updatedAt: t.siteContent.updatedAt }).from(t.siteContent).where(eq(t.siteContent.id, 1)),
    db
      .select({ slug: t.pages.slug, updatedAt: t.pages.updatedAt })
      .from(t.pages)
      .where(eq(t.pages.published, true))
      .orderBy(asc(t.pages.sortOrder), asc(t.pages.id)),
    db
      .select({ slug: t.treatments.slug, updatedAt: t.treatments.updatedAt })
      .from(t.treatments)
      .orderBy(asc(t.treatments.sortOrder), asc(t.treatments.id)),
    db
      .select({ slug: t.insuranceProviders.slug, updatedAt: t.insuranceProviders.updatedAt })
      .from(t.insuranceProviders)
      .orderBy(asc(t.insuranceProviders.sortOrder), asc(t.insuranceProviders.id)),
    db
      .select({ slug: t.teamMembers.slug, updatedAt: t.teamMembers.updatedAt })
      .from(t.teamMembers)
      .orderBy(asc(t.teamMembers.sortOrder), asc(t.teamMembers.id)),
    db
      .select({ slug: t.locations.slug, updatedAt: t.locations.updatedAt })
      .from(t.locations)
      .orderBy(asc(t.locations.sortOrder), asc(t.locations.id)),
    db
      .select({ slug: t.blogPosts.slug, updatedAt: t.blogPosts.updatedAt })
      .from(t.blogPosts)
      // A post dated in the future is not out yet.
      .where(isLive())
      .orderBy(desc(t.blogPosts.publishedAt), desc(t.blogPosts.id)),
    db
      .select({
        path: t.seoPageSettings.path,
        noindex: t.seoPageSettings.noindex,
        canonical: t.seoPageSettings.canonical,
      })
      .from(t.seoPageSettings)
      .where(or(eq(t.seoPageSettings.noindex, true), isNotNull(t.seoPageSettings.canonical))),
  ]);
  // A canonical on our own site is stored as its path; anything else is another site's address.
  const leftOut = new Set(
    settings
      .filter((row) => row.noindex || !row.canonical?.startsWith("/") || normalisePath(row.canonical) !== row.path)
      .map((row) => row.path),
  );
  const under = (prefix: string, rows: { slug: string; updatedAt: Date }[]) =>
    rows.map((row) => ({ path: `${prefix}/${row.slug}`, lastmod: row.updatedAt }));
  const all: SitemapEntry[] = [
    { path: "/", lastmod: home[0]?.updatedAt },
    ...under("", pages),
    ...under("", treatments),
    ...under("", providers),
    ...FORM_PAGES.map((path) => ({ path })),
    ...under("/team", team),
    ...under("/locations", offices),
    ...under("/blog", posts),
  ];
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of all) {
    if (!byPath.has(entry.path) && !leftOut.has(normalisePath(entry.path) ?? entry.path)) byPath.set(entry.path, entry);
  }
  return [...byPath.values()];
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C date-time, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The sitemaps.org XML for the entries, with absolute URLs under the public URL. */
export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    // Through URL so anything outside ASCII is percent-encoded, as a <loc> must be.
    const loc = new URL(canonicalUrl(publicUrl, entry.path)).href;
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
    return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
