/**
 * What the checks read and what they say (issue 18, "The checks on every
 * draft"): shared by the checks on the server and the list drawn beside the
 * editor, so nothing here imports server code.
 */

/** A post as it stands in the editor, typed or generated. */
export interface Draft {
  title: string;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  /** The Markdown body, as stored. */
  body: string;
  /** The focus keyphrase the SEO checks look for; empty or absent: those checks are skipped. */
  focusKeyphrase?: string | null;
}

/** Another post of the clinic's, to compare the draft against (duplicate content). */
export interface OtherPost {
  id: number;
  title: string;
  slug: string;
  body: string;
}

export interface DraftContext {
  /** Every other post (any status): the draft's own row left out by the caller. */
  otherPosts?: readonly OtherPost[];
  /** The highest Flesch–Kincaid grade that passes; 8 by default (docs/decisions/0037). */
  maxGrade?: number;
  /** The site's own origin (PUBLIC_URL), so absolute links to it count as internal. */
  siteOrigin?: string;
}

export type Severity = "error" | "warning";

/** One thing to change, in plain words. */
export interface Finding {
  /** Stable per kind of finding ("crisis-help", "promised-outcome"), for keys, tests and override records. */
  id: string;
  severity: Severity;
  /** A short heading: what is wrong. */
  title: string;
  /** Why it matters, in a sentence or two. */
  explanation: string;
  /** What to change. */
  fix: string;
  /** Where in the draft: the words found, or the field ("Meta description"). */
  where?: string;
}
