import { canonicalUrl } from "~/lib/canonical-url";

/** One step of the trail from Home to a page; the last is the page itself. */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: canonicalUrl(publicUrl, crumb.path),
    })),
  };
}
