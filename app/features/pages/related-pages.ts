import type { Crumb } from "./breadcrumbs";

/** The pages a visitor most often goes on to, in the order the side column offers them. */
const KEY_PAGES: Crumb[] = [
  { name: "Our services", path: "/services" },
  { name: "Our team", path: "/team" },
  { name: "Insurance", path: "/insurance" },
  { name: "New patients", path: "/new-patients" },
  { name: "Our locations", path: "/locations" },
  { name: "Pricing and self-pay", path: "/pricing" },
];

const SHOWN = 4;

/**
 * The side column's related pages for the page at `path`: the page its trail
 * goes back to first (a treatment's "Services", an insurer's "Insurance"),
 * then the key pages, never the page itself.
 */
export function relatedPages(path: string, crumbs: Crumb[] = []): Crumb[] {
  const parent = crumbs.length > 2 ? crumbs[crumbs.length - 2] : undefined;
  const picked = parent ? [parent] : [];
  for (const page of KEY_PAGES) {
    if (picked.length >= SHOWN) break;
    if (page.path !== path && !picked.some((p) => p.path === page.path)) picked.push(page);
  }
  return picked;
}
