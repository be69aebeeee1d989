// Writes app/features/seo-text/serp-font-widths.ts: the advance widths of
// Liberation Sans Regular (metric-compatible with Arial, the font of Google's
// result titles and snippets). Run once, by hand, when the table should change:
//
//   apt-get install -y fonts-liberation
//   npx -y -p opentype.js@1 node scripts/serp-font-widths.js   (NODE_PATH must reach npx's opentype.js)
//
// opentype.js is not a dependency of the site: only this table is.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const opentype = require("opentype.js");
const FONT = process.env.FONT ?? "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf";
const OUT = new URL("../app/features/seo-text/serp-font-widths.ts", import.meta.url);
const font = opentype.parse(fs.readFileSync(FONT).buffer);
const width = (cp) => font.charToGlyph(String.fromCodePoint(cp)).advanceWidth;
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => width(from + i));
const rows = (list) => {
  const out = [];
  for (let i = 0; i < list.length; i += 16) out.push(`  ${list.slice(i, i + 16).join(", ")},`);
  return out.join("\n");
};
// Latin-1's own (· × ÷ ± °) are in the table above.
const others = [..."–—‘’‚“”„•…€™←→↑↓≤≥′″"].map((ch) => {
  const cp = ch.codePointAt(0);
  return `  0x${cp.toString(16)}: ${width(cp)}, // ${ch}`;
});
fs.writeFileSync(
  OUT,
  `/**
 * Advance widths of Liberation Sans Regular (metric-compatible with Arial, the
 * font Google draws result titles and snippets in), in font units of a ${font.unitsPerEm}-unit em.
 * Made by scripts/serp-font-widths.js from Debian's fonts-liberation 2.x; kerning
 * is left out, as it moves a line by a pixel or two at most.
 */
export const UNITS_PER_EM = ${font.unitsPerEm};

/** U+0020 (space) to U+007E (~). */
export const ASCII_WIDTHS: readonly number[] = [
${rows(range(32, 126))}
];

/** U+00A0 (no-break space) to U+00FF (ÿ). */
export const LATIN1_WIDTHS: readonly number[] = [
${rows(range(160, 255))}
];

/** Typographic punctuation and signs that titles and descriptions use. */
export const OTHER_WIDTHS: Readonly<Record<number, number>> = {
${others.join("\n")}
};
`,
);
console.log(`wrote ${OUT.pathname}`);
