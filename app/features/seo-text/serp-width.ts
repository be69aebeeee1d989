import { ASCII_WIDTHS, LATIN1_WIDTHS, OTHER_WIDTHS, UNITS_PER_EM } from "./serp-font-widths";

/**
 * How wide a title or description is drawn in a Google result, and where
 * Google would cut it. Google cuts by pixels, not characters: titles are drawn
 * in Arial 20 px, snippets in Arial 14 px. The widths below are the ones
 * SERP-preview tools agree on (Google publishes none), so a cut here is an
 * estimate to within a few characters; the character limits of
 * app/lib/meta-limits.ts stay the rule the content checks enforce.
 */
export const SERP_LIMITS = {
  title: { fontPx: 20, desktopPx: 600, mobilePx: 560 },
  description: { fontPx: 14, desktopPx: 920, mobilePx: 680 },
} as const;

export type SerpPart = keyof typeof SERP_LIMITS;
export type SerpDevice = "desktop" | "mobile";

// Anything outside the table (another script, an emoji) counts as a full em: better too wide than too narrow.
const UNKNOWN = UNITS_PER_EM;

function units(codePoint: number): number {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return ASCII_WIDTHS[codePoint - 0x20];
  if (codePoint >= 0xa0 && codePoint <= 0xff) return LATIN1_WIDTHS[codePoint - 0xa0];
  // Combining marks and zero-width characters take no room of their own.
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0x200b && codePoint <= 0x200f)) return 0;
  return OTHER_WIDTHS[codePoint] ?? UNKNOWN;
}

/** The width in pixels of text drawn in Arial at this size (whitespace runs count as one space, as HTML draws them). */
export function textWidth(text: string, fontPx: number): number {
  let total = 0;
  for (const ch of text.replace(/\s+/g, " ")) total += units(ch.codePointAt(0)!);
  return (total * fontPx) / UNITS_PER_EM;
}

/** A title's or description's width in whole pixels, as the SERP draws it. */
export function serpWidth(part: SerpPart, text: string): number {
  return Math.round(textWidth(text.trim(), SERP_LIMITS[part].fontPx));
}

export interface SerpCut {
  /** What the result shows: the whole text, or its start with an ellipsis. */
  shown: string;
  /** Whether Google would cut it. */
  cut: boolean;
  widthPx: number;
  limitPx: number;
}

const ELLIPSIS = " …";

/**
 * The text as a result on this device would show it: whole when it fits,
 * otherwise cut after the last whole word that leaves room for " …" (Google
 * cuts between words where it can; a single overlong word is cut inside).
 */
export function serpCut(part: SerpPart, device: SerpDevice, text: string): SerpCut {
  const { fontPx } = SERP_LIMITS[part];
  const limitPx = device === "desktop" ? SERP_LIMITS[part].desktopPx : SERP_LIMITS[part].mobilePx;
  const clean = text.replace(/\s+/g, " ").trim();
  const widthPx = Math.round(textWidth(clean, fontPx));
  if (widthPx <= limitPx) return { shown: clean, cut: false, widthPx, limitPx };
  const room = limitPx - textWidth(ELLIPSIS, fontPx);
  let fitted = "";
  let lastWordEnd = 0;
  for (const ch of clean) {
    if (textWidth(fitted + ch, fontPx) > room) break;
    fitted += ch;
    if (ch === " ") lastWordEnd = fitted.length - 1;
  }
  const head = lastWordEnd > 0 ? fitted.slice(0, lastWordEnd) : fitted;
  return { shown: `${head.replace(/[\s,;:–—-]+$/, "")}${ELLIPSIS}`, cut: true, widthPx, limitPx };
}
