import type { Readability } from "~/features/seo-text/readability-checks";
import type { FormAnswer } from "~/lib/form-answer";
import type { SettingsField, SettingsValues } from "./settings-rules";

export type { Readability, SettingsValues };

/** What the page says without staff's settings: each setting's default. */
export interface PageDefaults {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  socialImage: string;
  socialTitle: string;
  socialDescription: string;
}

/** What the keyphrase checks read of the page's content (settings never change it). */
export interface PageContent {
  h1: string[];
  firstParagraph: string | null;
  /** Alt text of each image of the main content that is not hidden (null: none at all). */
  imageAlts: (string | null)[];
  text: string;
  wordCount: number;
}

export interface When {
  iso: string;
  text: string;
}

/** A page with settings of its own, as the picker lists it. */
export interface SettingsListItem {
  path: string;
  /** What it overrides, in words ("Title, Description"). */
  overrides: string;
  changed: When;
  by: string | null;
}

/** /admin/seo/page without a page (or with one that can have no settings): choose one. */
export interface PickerView {
  kind: "picker";
  /** Why the address asked for has no settings, or null. */
  problem: string | null;
  /** What was asked for (to show it back in the field). */
  asked: string;
  /** The page to go to instead (a redirect's target), when there is one. */
  goTo: string | null;
  withSettings: SettingsListItem[];
  /** The sitemap's pages, in its order. */
  sitemap: string[];
}

/** /admin/seo/page?path=/adhd: one page's settings, its defaults and its content facts. */
export interface EditorView {
  kind: "editor";
  path: string;
  /** The page's address for visitors (PUBLIC_URL + path). */
  pageUrl: string;
  /** PUBLIC_URL's host, as a result and a card show the site. */
  host: string;
  /** The site's name, as a Google result shows it above the address (og:site_name; else the host). */
  siteName: string;
  saved: SettingsValues;
  hasSettings: boolean;
  changed: (When & { by: string | null }) | null;
  defaults: PageDefaults;
  content: PageContent;
  readability: Readability;
}

export type PageSettingsView = PickerView | EditorView;

export type PageSettingsAnswer = FormAnswer<SettingsField> & { intent: string };
