import type { FormAnswer } from "~/lib/form-answer";
import { IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/lib/upload-limits";

/**
 * What an uploaded image may be and what is made of it (decision 0037),
 * shared by the server and the upload field (no server code here).
 */

/**
 * The widths made of every image (never wider than it arrived): 320 for a
 * team member's photo (160 CSS pixels at 2×) and cards, 640 and 960 for a
 * phone's full width at 2× and 3×, 1280 for the blog post's 896-pixel column
 * at 1.5× and for social cards (at least 1,200 wide), 1920 for that column
 * at 2×.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** What a browser gets: AVIF first, then WebP, then JPEG (social cards and e-mail read only JPEG reliably). */
export const OUTPUT_FORMATS = ["avif", "webp", "jpeg"] as const;

/** The formats taken, by what their bytes say (never SVG, which can carry script; never GIF or TIFF). */
export const ACCEPTED_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];
export const ACCEPT_ATTRIBUTE = "image/jpeg,image/png,image/webp,image/avif";

/** Larger sides are a camera's at most (a 48-megapixel phone is 8,064 wide); more is likely a decompression bomb. */
export const MAX_SIDE = 10_000;
export const MAX_PIXELS = 50_000_000;
/** Too small to show anywhere without looking blurred. */
export const MIN_SIDE = 32;

export const ALT_MAX = 250;

export const IMAGE_LIMIT_WORDS = `JPEG, PNG, WebP or AVIF, up to ${megabytes(IMAGE_UPLOAD_MAX_BYTES)}`;

/** An image as pages and editors use it: its size, its alt text and where each variant is. */
export interface ImageSources {
  id: number;
  alt: string;
  width: number;
  height: number;
  variants: { format: (typeof OUTPUT_FORMATS)[number]; width: number; height: number; src: string }[];
}

export type ImageUploadField = "file" | "alt";
/** What an upload answers: a FormAnswer, with the stored image when it was taken. */
export type ImageUploadAnswer = FormAnswer<ImageUploadField> & { image?: ImageSources };
