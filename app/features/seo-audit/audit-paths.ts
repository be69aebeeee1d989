import { SEO_PAGE_SETTINGS_PATH, SEO_PAGES_PATH, SEO_PATH, SEO_REDIRECTS_PATH } from "~/lib/seo-paths";
import type { ProblemCode } from "./problem-catalogue";

/** The site audit's addresses beyond SEO_PATH and SEO_PAGES_PATH (staff bundles only). */
export const SEO_PAGE_DETAIL_PATH = `${SEO_PAGES_PATH}/detail`;
export const SEO_PAGES_CSV_PATH = `${SEO_PAGES_PATH}.csv`;
/** How far a running check has got (JSON, asked by the open overview while it runs). */
export const SEO_PROGRESS_PATH = `${SEO_PATH}/progress`;

/** One address's full facts in the latest audit. */
export const pageDetailHref = (path: string) => `${SEO_PAGE_DETAIL_PATH}?path=${encodeURIComponent(path)}`;

/** Where a page's search title and description are edited (the page settings editor). */
export const pageSettingsHref = (path: string) => `${SEO_PAGE_SETTINGS_PATH}?path=${encodeURIComponent(path)}`;

/** The overview with only one kind of problem, every page of it listed. */
export const problemKindHref = (code: ProblemCode) => `${SEO_PATH}?kind=${code}`;

export { SEO_PATH, SEO_PAGES_PATH, SEO_REDIRECTS_PATH };
