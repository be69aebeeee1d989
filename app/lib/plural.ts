// Counts shown with a noun ("1 visitor", "2 visitors") in the staff area and on the public site.
// English has two forms; Intl.PluralRules decides which a number takes, so 1 is singular and 0, 1.5
// and 2 are plural, and every page writes the number itself in its own way (1,204 or "twelve").
const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

/** The noun in the form the count takes: plural(1, "visitor", "visitors") is "visitor". */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === "one" ? one : other;
}

/** The count, grouped by thousands, and its noun: "1 visitor", "1,204 visitors". */
export function countOf(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${plural(count, one, other)}`;
}
