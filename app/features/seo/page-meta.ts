import type { MetaDescriptor } from "react-router";
import type { SiteFacts } from "~/features/content/site-content";
import { canonicalUrl } from "~/lib/canonical-url";

/** Page metadata input (spec §3). */
export interface PageMetaInput {
  title: string;
  description: string;
  keywords?: string[];
  ogImage?: string;
  canonicalPath?: string;
  /** An absolute canonical the page's own data names (a blog post's, resolved on the server); a page setting wins. */
  canonical?: string;
  /** An absolute image of the page's own (a blog post's featured image), sized by itself; a page setting wins. */
  socialImage?: string;
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

/**
 * What staff set for one page on /admin/seo/page (the root loader reads it for the request's path):
 * each field present wins over what the route says, an absent one leaves the route's. The addresses
 * come absolute, resolved on the server (publicSettingsOf), so the browser's pageMeta uses them as they are.
 */
export interface PageSettings {
  title?: string;
  description?: string;
  /** An absolute http(s) URL (one of ours stored as a path arrives on PUBLIC_URL). */
  canonical?: string;
  noindex?: true;
  /** An absolute URL (ours, or an https one elsewhere). */
  socialImage?: string;
  socialTitle?: string;
  socialDescription?: string;
}

/** What a page's meta reads from the root loader's data: the site, and this page's settings. */
export interface MetaRoot extends SiteFacts {
  pageSettings?: PageSettings | null;
}

/**
 * Every tag of spec §2's page metadata, ready for a route's `meta` export, with the page's settings applied.
 * `root` is the root loader's data as it is (the site, its address and the page's settings): passed whole,
 * every caller's meta stays one short call (public pages load them all, decision 0008).
 */
export function pageMeta(input: PageMetaInput, root: MetaRoot, pathname: string): MetaDescriptor[] {
  // A setting wins over the route's value; the cards follow the search title and description unless set.
  const {
    title,
    description,
    canonical,
    noindex,
    socialImage,
    socialTitle = title,
    socialDescription = description,
  } = { ...input, ...root.pageSettings };
  const url = canonical ?? canonicalUrl(root.publicUrl, input.canonicalPath ?? pathname);
  const image = socialImage ?? new URL(input.ogImage ?? DEFAULT_OG_IMAGE, `${root.publicUrl}/`).href;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: root.site.clinicName },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: socialDescription },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    // The size of our own cards; a staff member's image may be any size.
    ...(socialImage
      ? []
      : [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]),
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: socialTitle },
    { name: "twitter:description", content: socialDescription },
    { name: "twitter:image", content: image },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex, follow" });
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.author) tags.push({ name: "author", content: input.author });
  if (input.publishedDate) tags.push({ property: "article:published_time", content: input.publishedDate });
  if (input.modifiedDate) tags.push({ property: "article:modified_time", content: input.modifiedDate });
  if (input.pageDesignType) tags.push({ name: "page-design-type", content: input.pageDesignType });
  // One block or a list of them: flat() makes both a list (a block is an object, never flattened).
  for (const block of [input.jsonLd ?? []].flat()) tags.push({ "script:ld+json": block });
  return tags;
}
