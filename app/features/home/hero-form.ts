/** The hero's request form as the browser and its no-JavaScript action both see it. */
export const heroFields = ["name", "email", "phone", "service"] as const;
export type HeroField = (typeof heroFields)[number];

/** Spec §5's required-field sentence (the 'Missing Information' toast says it too). */
export const MISSING_MESSAGE = "Please fill in your name, email, and phone number.";
export const REQUIRED_MESSAGE = "This field is required.";
export const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";

/** The lead body's field names as the hero names them: first and last name are one "name" there. */
export function heroFieldFor(name: string): HeroField | undefined {
  if (name === "firstName" || name === "lastName") return "name";
  return (heroFields as readonly string[]).includes(name) ? (name as HeroField) : undefined;
}

/** The fields left empty, each with the required-field message. */
export function missingFields(values: Record<HeroField, string>): Partial<Record<HeroField, string>> {
  const missing = (["name", "email", "phone"] as const).filter((name) => !values[name].trim());
  return Object.fromEntries(missing.map((name) => [name, REQUIRED_MESSAGE]));
}
