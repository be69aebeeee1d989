import { staffPath } from "./staff-area";

/** The search-optimisation pages' addresses (staff bundles only). */
export const SEO_REDIRECTS_PATH = staffPath("seo/redirects");
export const SEO_NOT_FOUND_PATH = staffPath("seo/not-found");
