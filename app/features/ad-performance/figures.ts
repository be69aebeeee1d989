// How the Google Ads pages write their figures: counts with thousands
// separators, shares as percentages, a figure that cannot be computed as a dash
// with words (never a made-up 0). No server code.

const count = new Intl.NumberFormat("en-US");
const share = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const countText = (n: number) => count.format(n);
/** A share given as 0–1: "3.4%". */
export const shareText = (ratio: number) => share.format(ratio);
/** Google's conversions, kept in hundredths: "12.50". */
export const conversionsText = (hundredths: number) => twoDecimals.format(hundredths / 100);

/** "1 lead", "12 leads". */
export function counted(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** a ÷ b, or null when b is 0 (a rate or a cost per something that cannot be computed). */
export function ratio(a: number, b: number): number | null {
  return b > 0 ? a / b : null;
}
