import { SEO_PAGE_SETTINGS_PATH } from "~/lib/seo-paths";

// How the Search Console figures are written on the pages: as Search Console
// shows them (CTR "3.9%", position "6.4"), counts with thousands separators.

const count = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const position = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const countText = (n: number) => count.format(n);
/** CTR is kept as a percentage (12.5 for 12.5%). */
export const ctrText = (percent: number) => `${oneDecimal.format(percent)}%`;
export const positionText = (n: number) => position.format(n);

/** "1 query", "12 queries". */
export function counted(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** The page-settings editor for a page of ours (its title, description and more). */
export function pageSettingsHref(path: string): string {
  return `${SEO_PAGE_SETTINGS_PATH}?path=${encodeURIComponent(path)}`;
}
