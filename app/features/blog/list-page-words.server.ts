import { shortBrand } from "~/features/pages/page-titles";
import { META_LIMITS } from "~/lib/meta-limits";

// The list pages' search words are made on the server (the loader sends them ready): the
// character limits stay out of the public pages' scripts.

/**
 * The search title of page n of the list: the page number goes before the
 * brand ("Mental Health Blog – Page 2 | Cypress Lane"), and the brand shrinks
 * or goes when the title would pass 60 characters.
 */
export function paginatedTitle(metaTitle: string, page: number, clinicName: string) {
  if (page <= 1) return metaTitle;
  const [head = metaTitle, ...rest] = metaTitle.split(" | ");
  const brand = rest.join(" | ");
  const label = `${head} – Page ${page}`;
  const candidates = [
    brand ? `${label} | ${brand}` : `${label} | ${clinicName}`,
    `${label} | ${shortBrand(brand || clinicName)}`,
    label,
  ];
  return candidates.find((c) => c.length <= META_LIMITS.titleMax) ?? label.slice(0, META_LIMITS.titleMax);
}

/**
 * The description of page n: the list's own with "Page n of N." added, the
 * list's words cut at a word (with an ellipsis) when both would pass 156
 * characters. Every page's description is different.
 */
export function paginatedDescription(description: string, page: number, pageCount: number) {
  if (page <= 1) return description;
  const suffix = ` Page ${page} of ${pageCount}.`;
  const whole = `${description}${suffix}`;
  if (whole.length <= META_LIMITS.descriptionMax) return whole;
  const room = META_LIMITS.descriptionMax - suffix.length - 1;
  const cut = description
    .slice(0, room + 1)
    .replace(/\s+\S*$/, "")
    .replace(/[\s,;:.–-]+$/, "");
  return `${cut}…${suffix}`;
}
