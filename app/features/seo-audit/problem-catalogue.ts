import { AUDIT_LIMITS } from "./thresholds";

/**
 * Every problem the site audit can name, in one place: how serious it is,
 * and in plain words what it means, why it matters and how to fix it. A run
 * stores only the code and its details as data; the words are made here when
 * the page is drawn, so better wording needs no new audit. Plain code: the
 * staff pages import it.
 */

export const SEVERITIES = ["error", "warning", "notice"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_WORDS: Record<Severity, { label: string; plural: string; meaning: string }> = {
  error: {
    label: "Must fix",
    plural: "Must fix",
    meaning: "Keeps a page out of search results or sends visitors to a dead end.",
  },
  warning: {
    label: "Should fix",
    plural: "Should fix",
    meaning: "Makes a page harder to find, or less likely to be clicked.",
  },
  notice: {
    label: "Worth a look",
    plural: "Worth a look",
    meaning: "Small things that could be better.",
  },
};

/** Points a page loses for each kind of problem it has, by severity (each kind counted once per page). */
export const SCORE_PENALTY: Record<Severity, number> = { error: 20, warning: 8, notice: 2 };

/** Where the fix is made: the page's search settings (title, description), or elsewhere. */
export type FixPlace = "page-settings" | "content" | "redirects" | "developer";

export interface ProblemKind {
  severity: Severity;
  /** A short name for the kind ("Title too long"). */
  title: string;
  /** Why it matters, for a clinic's marketing person. */
  why: string;
  /** What to do about it. */
  fix: string;
  place: FixPlace;
}

const { titleMax, titleMin, descriptionMin, descriptionMax, thinPageWords, lcpGoodMs, lcpPoorMs, speedDays } =
  AUDIT_LIMITS;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s`;

export const PROBLEMS = {
  "page-error": {
    severity: "error",
    title: "Page does not open",
    why: "The site answered with an error, so neither visitors nor search engines see the page.",
    fix: "Ask your developer to look at this address: the site could not draw it.",
    place: "developer",
  },
  "broken-link": {
    severity: "error",
    title: "Link to a missing page",
    why: "Visitors who click it land on a “page not found”, and search engines lose their way through the site.",
    fix: "Change the link to the page it should reach, or add a redirect from the missing address.",
    place: "content",
  },
  "redirect-loop": {
    severity: "error",
    title: "Redirect loop",
    why: "The address sends visitors round in a circle, so the page never opens.",
    fix: "Change or delete one of the redirects in the loop so it ends at a real page.",
    place: "redirects",
  },
  "redirect-broken": {
    severity: "error",
    title: "Redirect to a missing page",
    why: "The redirect ends at an address that does not exist.",
    fix: "Point the redirect at a page that exists.",
    place: "redirects",
  },
  "title-missing": {
    severity: "error",
    title: "No title",
    why: "Search results show a page's title as its headline. Without one, Google makes one up.",
    fix: "Give the page a title that says what it offers and where, such as “Anxiety Therapy in Winter Park”.",
    place: "page-settings",
  },
  "canonical-multiple": {
    severity: "error",
    title: "More than one main address",
    why: "The page names more than one main (canonical) address, so search engines ignore all of them.",
    fix: "Ask your developer to leave exactly one canonical link on the page.",
    place: "developer",
  },
  "canonical-broken": {
    severity: "error",
    title: "Main address does not work",
    why: "The page says its main (canonical) address is one that does not open or is hidden from search, so search engines may drop both.",
    fix: "Set the page's main address to itself, or to a page that opens and may be found.",
    place: "page-settings",
  },
  "structured-data-invalid": {
    severity: "error",
    title: "Broken structured data",
    why: "Search engines read structured data to show details such as opening hours and breadcrumbs. This block cannot be read at all.",
    fix: "Ask your developer to fix the block shown: it must be valid JSON with a @context and a @type.",
    place: "developer",
  },
  "title-too-long": {
    severity: "warning",
    title: "Title too long",
    why: `Google cuts titles that do not fit in a result (about ${titleMax} characters), so the end is lost.`,
    fix: "Shorten the title and put the most important words first.",
    place: "page-settings",
  },
  "title-duplicate": {
    severity: "warning",
    title: "Same title as another page",
    why: "Two pages with one title compete with each other, and searchers cannot tell them apart.",
    fix: "Give each page a title of its own that says what is different about it.",
    place: "page-settings",
  },
  "title-multiple": {
    severity: "warning",
    title: "More than one title",
    why: "The page has several titles; search engines pick one, perhaps not the one you meant.",
    fix: "Ask your developer to leave a single title on the page.",
    place: "developer",
  },
  "description-missing": {
    severity: "warning",
    title: "No description",
    why: "Search results show the description under the title. Without one, Google picks some text from the page.",
    fix: `Write a description of ${descriptionMin}–${descriptionMax} characters that tells searchers why to choose this page.`,
    place: "page-settings",
  },
  "description-duplicate": {
    severity: "warning",
    title: "Same description as another page",
    why: "Pages that share a description look alike in search results, and Google may rewrite them.",
    fix: "Write a description for each page that says what only that page offers.",
    place: "page-settings",
  },
  "description-multiple": {
    severity: "warning",
    title: "More than one description",
    why: "The page has several descriptions; search engines pick one, perhaps not the one you meant.",
    fix: "Ask your developer to leave a single description on the page.",
    place: "developer",
  },
  "canonical-missing": {
    severity: "warning",
    title: "No main address",
    why: "Without a canonical link, search engines guess which of a page's addresses to show (for example with or without tracking tags).",
    fix: "Ask your developer to add a canonical link to the page's own address.",
    place: "developer",
  },
  "h1-missing": {
    severity: "warning",
    title: "No main heading",
    why: "The main heading (H1) tells visitors and search engines what the page is about.",
    fix: "Give the page one main heading that says what it is about.",
    place: "content",
  },
  "h1-multiple": {
    severity: "warning",
    title: "More than one main heading",
    why: "A page should have exactly one main heading (H1); several make it unclear what the page is about.",
    fix: "Keep one main heading and turn the others into subheadings (H2).",
    place: "content",
  },
  "orphan-page": {
    severity: "warning",
    title: "No link to this page",
    why: "No other page links here, so visitors cannot reach it and search engines treat it as unimportant.",
    fix: "Link to it from a related page or a list page, or remove it if it is no longer needed.",
    place: "content",
  },
  "redirect-chain": {
    severity: "warning",
    title: "Redirect chain",
    why: "The address redirects more than once before reaching a page: slower for visitors, and search engines may stop following.",
    fix: "Point the first redirect straight at the final page.",
    place: "redirects",
  },
  "sitemap-not-indexable": {
    severity: "warning",
    title: "In the sitemap but cannot be found in search",
    why: "The sitemap asks search engines to show this address, but the address itself says no (or does not open). Mixed signals waste their time.",
    fix: "Make the page open and allow it in search, or take it out of the sitemap.",
    place: "developer",
  },
  "structured-data-incomplete": {
    severity: "warning",
    title: "Structured data missing details Google requires",
    why: "Google only shows extras such as the clinic's address and hours, or breadcrumbs, when the required details are there.",
    fix: "Fill in the missing details shown (for the clinic: its name and address).",
    place: "developer",
  },
  "image-missing-alt": {
    severity: "warning",
    title: "Images without a description",
    why: "People who use screen readers hear nothing for these images, and search engines cannot tell what they show.",
    fix: "Add a short description (alt text) to each image, or mark it as decorative if it adds nothing.",
    place: "content",
  },
  "thin-page": {
    severity: "warning",
    title: "Very little text",
    why: `The page has fewer than ${thinPageWords} words of its own. Short pages rarely answer what someone searched for.`,
    fix: "Add what a visitor would want to know here: who it is for, what to expect, how to book.",
    place: "content",
  },
  "lcp-poor": {
    severity: "warning",
    title: "Slow for real visitors",
    why: `For a quarter of visits over the last ${speedDays} days, the main content took longer than ${seconds(lcpPoorMs)} to appear (Google calls this poor).`,
    fix: "Ask your developer to look at what loads first on this page: large images, fonts or scripts.",
    place: "developer",
  },
  "title-too-short": {
    severity: "notice",
    title: "Title very short",
    why: `Titles under ${titleMin} characters leave out words people search for.`,
    fix: "Add what the page offers and where, such as the service and the town.",
    place: "page-settings",
  },
  "description-too-long": {
    severity: "notice",
    title: "Description too long",
    why: `Google cuts descriptions after about ${descriptionMax} characters, so the end is lost.`,
    fix: "Shorten the description and keep the reason to click near the start.",
    place: "page-settings",
  },
  "description-too-short": {
    severity: "notice",
    title: "Description short",
    why: `Descriptions under ${descriptionMin} characters leave space in the result unused.`,
    fix: "Add a sentence on what makes the page worth clicking.",
    place: "page-settings",
  },
  "canonical-elsewhere": {
    severity: "notice",
    title: "Points search engines to another page",
    why: "The page names another address as its main one, so it will not appear in search by itself. Fine when meant; a mistake otherwise.",
    fix: "If this page should be found on its own, set its main address to itself.",
    place: "page-settings",
  },
  "heading-skipped": {
    severity: "notice",
    title: "Heading level skipped",
    why: "Headings should go down one level at a time (H2, then H3). Skipping a level confuses screen readers and the page's outline.",
    fix: "Change the heading to the next level down.",
    place: "content",
  },
  "link-redirects": {
    severity: "notice",
    title: "Link goes through a redirect",
    why: "The link reaches its page only after a redirect: a little slower for visitors and search engines.",
    fix: "Change the link to point straight at the final address.",
    place: "content",
  },
  "not-in-sitemap": {
    severity: "notice",
    title: "Missing from the sitemap",
    why: "The sitemap is the list of pages the site asks search engines to show. This page can be found, but is not on it.",
    fix: "Ask your developer to add it to the sitemap, or hide it from search if it should not be found.",
    place: "developer",
  },
  "structured-data-recommended": {
    severity: "notice",
    title: "Structured data could say more",
    why: "Google requires nothing for this kind of structured data, but recommends the details shown: they help it understand the page.",
    fix: "Add the recommended details shown.",
    place: "developer",
  },
  "social-incomplete": {
    severity: "notice",
    title: "Incomplete preview when shared",
    why: "When the page is shared on Facebook, LinkedIn or X, the preview is built from these tags. Missing ones make a plain or broken preview.",
    fix: "Add the missing tags shown (title, description, image).",
    place: "developer",
  },
  "lcp-needs-improvement": {
    severity: "notice",
    title: "Could show faster for real visitors",
    why: `For a quarter of visits over the last ${speedDays} days, the main content took more than ${seconds(lcpGoodMs)} to appear (Google's “needs improvement”).`,
    fix: "Ask your developer to look at what loads first on this page.",
    place: "developer",
  },
} as const satisfies Record<string, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

export const isProblemCode = (value: string): value is ProblemCode => value in PROBLEMS;

export const severityOf = (code: ProblemCode): Severity => PROBLEMS[code].severity;

/** Severities as numbers for sorting and storage: errors first. */
export const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

/** A page's score from the kinds of problem it has: 100, less each kind's penalty, never below 0. */
export function pageScore(codes: Iterable<ProblemCode>): number {
  let score = 100;
  for (const code of new Set(codes)) score -= SCORE_PENALTY[severityOf(code)];
  return Math.max(0, score);
}

/** The site's score: the average of its pages' scores, rounded; null without pages. */
export function siteScore(pageScores: readonly number[]): number | null {
  if (pageScores.length === 0) return null;
  return Math.round(pageScores.reduce((sum, s) => sum + s, 0) / pageScores.length);
}

/** How the scores are worked out, in words (shown on the overview). */
export const SCORE_EXPLAINED = `Each page starts at 100 and loses ${SCORE_PENALTY.error} points for each kind of “must fix” problem, ${SCORE_PENALTY.warning} for each “should fix” and ${SCORE_PENALTY.notice} for each “worth a look” (a kind counts once, however often it appears on the page), never going below 0. The site's score is the average of its pages' scores. Addresses that only redirect or do not open have no score of their own; their problems are listed all the same.`;
