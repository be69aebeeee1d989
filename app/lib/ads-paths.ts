import { staffPath } from "./staff-area";

/** The Google Ads performance pages (issue 17): the report, search terms, budgets, offline conversions, the import. */
export const ADS_PATH = staffPath("google-ads");
export const ADS_SEARCH_TERMS_PATH = staffPath("google-ads/search-terms");
export const ADS_BUDGETS_PATH = staffPath("google-ads/budgets");
export const ADS_CONVERSIONS_PATH = staffPath("google-ads/conversions");
export const ADS_IMPORT_PATH = staffPath("google-ads/import");
/** The measurement set-up (IDs, page groups, guardrails, live check): administrators only. */
export const ADS_SETUP_PATH = staffPath("google-ads-setup");
