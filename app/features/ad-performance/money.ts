/**
 * Money as Google Ads' files write it and as we keep it: integer micros of
 * the account's currency (1,234.56 → 1,234,560,000), never a float, so sums
 * are exact and agree with Google's totals to the cent. No server code: the
 * pages format with it too.
 */
export const MICROS = 1_000_000;

const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,6}))?$/;

/** "1,234.56", "0.5", "12" as micros; null for anything else (a sign, a symbol, "1.234,56"). */
export function readAmountMicros(text: string): number | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/,/g, ""));
  const fraction = Number((match[2] ?? "").padEnd(6, "0"));
  const micros = whole * MICROS + fraction;
  return Number.isSafeInteger(micros) ? micros : null;
}

const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      ...(whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * "$1,234.56" (the currency's own decimals; micros beyond them are rounded,
 * which never happens for sums of Google's rows, each a whole cent).
 * `whole`: no decimals, for large round figures such as budgets on a chart.
 */
export function formatMoney(micros: number, currency: string, { whole = false }: { whole?: boolean } = {}): string {
  return moneyFormat(currency, whole).format(micros / MICROS);
}

const decimals = new Map<string, number>();
/** How many decimals a currency is written with (2 for USD, 0 for JPY). */
export function currencyDecimals(currency: string): number {
  let known = decimals.get(currency);
  if (known === undefined) {
    known = moneyFormat(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
    decimals.set(currency, known);
  }
  return known;
}

/** A typed amount ("1500", "1,500.00") as micros, at most the currency's decimals; null when it is none. */
export function readTypedAmount(text: string, currency: string): number | null {
  // A currency sign typed in front is fine ("$1,500"); a minus sign is not.
  const trimmed = text.trim().replace(/^[$€£¥]\s*/, "");
  const micros = readAmountMicros(trimmed);
  if (micros === null) return null;
  const decimals = trimmed.split(".")[1]?.length ?? 0;
  return decimals <= currencyDecimals(currency) ? micros : null;
}

const compactFormats = new Map<string, Intl.NumberFormat>();
/** "$1.2K", "$226": a chart axis's words for an amount. */
export function formatMoneyCompact(micros: number, currency: string): string {
  let format = compactFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    });
    compactFormats.set(currency, format);
  }
  return format.format(micros / MICROS);
}
