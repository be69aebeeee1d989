import type { MetaDescriptor } from "react-router";
import { canonicalUrl } from "~/lib/canonical-url";

/** Page metadata input (spec §3). */
export interface PageMetaInput {
  title: string;
  description: string;
  keywords?: string[];
  ogImage?: string;
  canonicalPath?: string;
  type?: string;
  publishedDate?: string;
  modifiedDate?: string;
  author?: string;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  pageDesignType?: string;
  /** Pages that mean nothing out of context (a confirmation): kept out of search results. */
  noindex?: boolean;
}

export const DEFAULT_OG_IMAGE = "/og-default.png";

export interface MetaSite {
  publicUrl: string;
  siteName: string;
  pathname: string;
}

/** Every tag of spec §2's page metadata, ready for a route's `meta` export. */
export function pageMeta(input: PageMetaInput, site: MetaSite): MetaDescriptor[] {
  const url = canonicalUrl(site.publicUrl, input.canonicalPath ?? site.pathname);
  const image = new URL(input.ogImage ?? DEFAULT_OG_IMAGE, `${site.publicUrl}/`).href;
  const type = input.type ?? "website";
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.author) tags.push({ name: "author", content: input.author });
  if (input.publishedDate) tags.push({ property: "article:published_time", content: input.publishedDate });
  if (input.modifiedDate) tags.push({ property: "article:modified_time", content: input.modifiedDate });
  if (input.pageDesignType) tags.push({ name: "page-design-type", content: input.pageDesignType });
  const blocks = input.jsonLd ? (Array.isArray(input.jsonLd) ? input.jsonLd : [input.jsonLd]) : [];
  for (const block of blocks) tags.push({ "script:ld+json": block });
  return tags;
}
