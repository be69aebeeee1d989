import { ADS_IMPORT_PATH } from "./ads-paths";
import { IMAGES_PATH } from "./image-paths";
import { SEO_SEARCH_CONSOLE_IMPORT_PATH } from "./seo-paths";

/** Search Console's export zip is tens of kilobytes (its tables stop at 1,000 rows); this leaves room for any. */
export const SEARCH_CONSOLE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Google Ads' largest report a clinic's account gives: three years of 50 campaigns by day is about
 * 55,000 rows, 6 MB as ".csv" and 13 MB as "Excel .csv" (UTF-16 doubles it). Twice that fits.
 */
export const ADS_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/**
 * A photo straight from a phone is 3–8 MB (12 to 48 megapixels, JPEG or HEIF
 * saved as JPEG); 15 MB takes any of them, and a PNG screenshot too.
 */
export const IMAGE_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/**
 * Page actions that take file uploads, and how large a body each accepts
 * (server/page-form-body.ts reads every other page form with its 32 KB
 * bound). One list, so the server's bound and what the page tells staff
 * are the same number.
 */
export const UPLOAD_FORM_LIMITS: Readonly<Record<string, number>> = {
  [SEO_SEARCH_CONSOLE_IMPORT_PATH]: SEARCH_CONSOLE_UPLOAD_MAX_BYTES,
  [ADS_IMPORT_PATH]: ADS_UPLOAD_MAX_BYTES,
  [IMAGES_PATH]: IMAGE_UPLOAD_MAX_BYTES,
};

/**
 * The blog editor's forms (a post's whole Markdown body, saved, autosaved and previewed): a
 * 200,000-character body, percent-encoded, with room to spare.
 */
export const LONG_TEXT_FORM_MAX_BYTES = 1024 * 1024;
const LONG_TEXT_FORM_PATHS = /^\/admin\/blog\/(new|preview|autosave|\d+)$/;

/** The upload bound of a page action's path (its data request, /x.data, included), or undefined. */
export function uploadFormLimit(pathname: string): number | undefined {
  const path = pathname.replace(/\.data$/, "");
  return UPLOAD_FORM_LIMITS[path] ?? (LONG_TEXT_FORM_PATHS.test(path) ? LONG_TEXT_FORM_MAX_BYTES : undefined);
}

/** "5 MB" */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
