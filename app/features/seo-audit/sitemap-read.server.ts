import { Parser } from "htmlparser2";

/** One `<url>` of a sitemap: its address and, when given, when it last changed. */
export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

/** A sitemap file as crawlers read it (sitemaps.org): its URLs, or the sitemaps a sitemap index lists. */
export interface SitemapFile {
  urls: SitemapUrl[];
  /** A sitemap index's `<sitemap><loc>`s. */
  sitemaps: string[];
}

/**
 * Reads sitemap XML in one streaming pass: `<url>` entries (loc, lastmod)
 * and, for a sitemap index, the `<sitemap>` files it names. Namespaces are
 * ignored (a prefixed `<sm:loc>` is a loc) and text is entity-decoded.
 */
export function parseSitemap(xml: string): SitemapFile {
  const file: SitemapFile = { urls: [], sitemaps: [] };
  let entry: { kind: "url" | "sitemap"; loc: string; lastmod: string } | null = null;
  let field: "loc" | "lastmod" | null = null;
  const local = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        if (tag === "url" || tag === "sitemap") entry = { kind: tag, loc: "", lastmod: "" };
        else if (entry && (tag === "loc" || tag === "lastmod")) field = tag;
      },
      ontext(text) {
        if (entry && field) entry[field] += text;
      },
      onclosetag(name) {
        const tag = local(name);
        if (tag === "loc" || tag === "lastmod") field = null;
        else if (entry && tag === entry.kind) {
          const loc = entry.loc.trim();
          if (loc) {
            if (entry.kind === "url") file.urls.push({ loc, lastmod: entry.lastmod.trim() || null });
            else file.sitemaps.push(loc);
          }
          entry = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return file;
}
