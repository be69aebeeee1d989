/**
 * What a page's settings may be: the limits and names the editor (browser:
 * counters, field sizes) and the server's check (settings-schema.server.ts)
 * share. Every field may be left empty: the page then uses its own.
 */

/**
 * Lengths that make sense in a Google result and a social card: Google shows
 * about 60 characters of a title (600 px) and about 155 of a description
 * (920 px); Facebook and LinkedIn cut a card's title near 90 and its
 * description near 200. A little room past Google's cut lets a longer
 * phrase be tried; the previews show where it is cut.
 */
export const SETTINGS_LIMITS = {
  title: { min: 10, max: 70 },
  description: { min: 50, max: 200 },
  socialTitle: { min: 10, max: 90 },
  socialDescription: { min: 20, max: 200 },
  focusKeyphrase: { maxWords: 8, maxChars: 100 },
  address: { max: 2000 },
} as const;

/** The longest page path the editor takes (the redirects' limit too). */
export const PAGE_PATH_MAX = 512;

export const TEXT_FIELDS = [
  "title",
  "description",
  "focusKeyphrase",
  "canonical",
  "socialImage",
  "socialTitle",
  "socialDescription",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type SettingsField = TextField | "noindex";

/** A page's settings as saved: null is "the page's own". */
export interface SettingsValues {
  title: string | null;
  description: string | null;
  focusKeyphrase: string | null;
  canonical: string | null;
  noindex: boolean;
  socialImage: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
}

/** One line, as a result or a card draws it: runs of spaces and line breaks become one space. */
export const squashed = (text: string) => text.replace(/\s+/g, " ").trim();

/** What a form posts for each field, from the values that were typed (missing names are empty). */
export function formFieldsOf(values: Record<string, string> | null): Record<SettingsField, string> {
  return {
    title: values?.title ?? "",
    description: values?.description ?? "",
    focusKeyphrase: values?.focusKeyphrase ?? "",
    canonical: values?.canonical ?? "",
    noindex: values?.noindex ?? "",
    socialImage: values?.socialImage ?? "",
    socialTitle: values?.socialTitle ?? "",
    socialDescription: values?.socialDescription ?? "",
  };
}

/** The page's overrides in words, for lists ("Title, Description, Kept out of search"). */
export const FIELD_WORDS: Record<SettingsField, string> = {
  title: "Title",
  description: "Description",
  focusKeyphrase: "Keyphrase",
  canonical: "Canonical address",
  noindex: "Kept out of search",
  socialImage: "Social image",
  socialTitle: "Social title",
  socialDescription: "Social description",
};
