import { staffPath } from "./staff-area";

/** The search-optimisation pages' addresses (staff bundles only). */
export const SEO_PATH = staffPath("seo");
export const SEO_PAGES_PATH = staffPath("seo/pages");
export const SEO_PAGE_SETTINGS_PATH = staffPath("seo/page");
export const SEO_SEARCH_CONSOLE_PATH = staffPath("seo/search-console");
export const SEO_REDIRECTS_PATH = staffPath("seo/redirects");
export const SEO_NOT_FOUND_PATH = staffPath("seo/not-found");
export const SEO_NOT_FOUND_CSV_PATH = staffPath("seo/not-found/export.csv");
export const SEO_SEARCH_CONSOLE_IMPORT_PATH = staffPath("seo/search-console/import");
