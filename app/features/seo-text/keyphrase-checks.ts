/**
 * Yoast-style checks of a focus keyphrase against a page: pure functions,
 * run in the browser on every keystroke (the title and description being
 * typed) and on the server for the page drawn without JavaScript. Matching is
 * Yoast's free English analysis: per word, case and accents ignored,
 * function words ("in", "for", "the") left out of the keyphrase's words; no
 * word forms ("evaluation" does not match "evaluations"). Thresholds, with
 * their sources, are in docs/decisions/0031-per-page-search-settings.md.
 */
import { countOf } from "~/lib/plural";

export type CheckStatus = "good" | "ok" | "problem" | "none";

export interface Check {
  id: "length" | "title" | "description" | "h1" | "slug" | "introduction" | "images" | "density";
  label: string;
  status: CheckStatus;
  /** One plain sentence: what we found and, when it could be better, what to do. */
  message: string;
}

/** What the checks read: the title and description as they stand, and the page's own content. */
export interface KeyphraseInput {
  keyphrase: string;
  title: string;
  description: string;
  /** The text of each h1 of the page. */
  h1: readonly string[];
  /** The page's path ("/adhd-evaluation"). */
  path: string;
  firstParagraph: string | null;
  /** The alt text of each image in the main content that is not hidden (null: no alt at all). */
  imageAlts: readonly (string | null)[];
  /** The visible text of the main content. */
  text: string;
}

/** Yoast's keyphrase length: 1–4 content words is good, up to 8 could be better, more needs work. */
export const KEYPHRASE_WORDS = { good: 4, ok: 8 } as const;
/** Yoast's keyphrase density without word forms, in % of the text's words, for texts of 100 words or more. */
export const DENSITY = { minimum: 0.5, maximum: 3, overMaximum: 4, minWords: 100 } as const;
/** Yoast's image keyphrase check: with 5 or more images, 30–70 % of them should mention it. */
export const IMAGE_SHARE = { manyImages: 5, minimum: 0.3, maximum: 0.7 } as const;

/**
 * English function words (after Yoast's list, shortened): they carry little
 * meaning, so "therapy in Winter Park" is matched on therapy, winter, park.
 */
const FUNCTION_WORDS = new Set(
  (
    "a an the and or but nor so yet of in on at to for from by with without about as into onto near over under " +
    "after before between through during up down out off than then if is are was were be been being am do does " +
    "did have has had i me my mine we us our ours you your yours he him his she her hers it its they them their " +
    "theirs this that these those what which who whom whose how why when where can could will would shall should " +
    "may might must not no very just also too all any some each every more most such own same other here there"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

/** The words of a text as they are compared: lower case, without accents, curly apostrophes made straight. */
export function wordsOf(text: string): string[] {
  const plain = text.normalize("NFD").replace(/\p{M}/gu, "").replace(/[’‘]/g, "'").toLowerCase();
  return plain.match(WORD) ?? [];
}

/** The keyphrase's content words (all its words when it has only function words). */
export function contentWords(keyphrase: string): string[] {
  const all = wordsOf(keyphrase);
  const content = all.filter((word) => !FUNCTION_WORDS.has(word));
  return [...new Set(content.length > 0 ? content : all)];
}

// Abbreviations whose full stop ends no sentence.
const ABBREVIATIONS = /\b(?:dr|mr|mrs|ms|st|vs|etc|e\.g|i\.e|no|jr|sr|prof)\.$/i;

/** Sentences of a text: split after . ! or ? followed by a space, except after a title such as "Dr.". */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let current = "";
  for (const piece of text.split(/(?<=[.!?…])\s+/)) {
    current = current ? `${current} ${piece}` : piece;
    if (!ABBREVIATIONS.test(current)) {
      if (current.trim()) sentences.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) sentences.push(current.trim());
  return sentences;
}

const containsAll = (words: readonly string[], wanted: readonly string[]) => {
  const set = new Set(words);
  return wanted.every((word) => set.has(word));
};

/** Where the whole keyphrase (every word, in order) starts in `words`, or -1. */
function phraseAt(words: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * How many times the keyphrase is used: per sentence holding all its content
 * words, as often as the rarest of them (Yoast's keyphrase count).
 */
export function keyphraseCount(text: string, keyphrase: string): number {
  const wanted = contentWords(keyphrase);
  if (wanted.length === 0) return 0;
  let count = 0;
  for (const sentence of sentencesOf(text)) {
    const words = wordsOf(sentence);
    const times = wanted.map((word) => words.filter((w) => w === word).length);
    count += Math.min(...times);
  }
  return count;
}

/**
 * Yoast's recommended number of uses for a text of `wordCount` words at a
 * density (%): at least 2, rounded up for the minimum and down for the maximum.
 */
export function recommendedCount(wordCount: number, density: number, kind: "min" | "max"): number {
  const count = (density * wordCount) / 100;
  if (count < 2) return 2;
  return kind === "min" ? Math.ceil(count) : Math.floor(count);
}

const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

function lengthCheck(keyphrase: string): Check {
  const label = "Keyphrase length";
  const all = wordsOf(keyphrase);
  const content = all.filter((word) => !FUNCTION_WORDS.has(word));
  if (content.length === 0)
    return {
      id: "length",
      label,
      status: "problem",
      message: "The keyphrase has only small words such as “in” or “the”. Add the words people search for.",
    };
  if (content.length <= KEYPHRASE_WORDS.good)
    return {
      id: "length",
      label,
      status: "good",
      message: `${content.length} main word${content.length === 1 ? "" : "s"}: a good length.`,
    };
  return {
    id: "length",
    label,
    status: content.length <= KEYPHRASE_WORDS.ok ? "ok" : "problem",
    message: `${content.length} main words. People search in a few words: keep it to ${KEYPHRASE_WORDS.good} or fewer.`,
  };
}

function titleCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in the title";
  const words = wordsOf(input.title);
  const at = phraseAt(words, wordsOf(input.keyphrase));
  if (at === 0) return { id: "title", label, status: "good", message: "The title starts with the keyphrase." };
  if (at > 0)
    return {
      id: "title",
      label,
      status: "ok",
      message: "The title has the keyphrase. Moving it to the start helps searchers see it first.",
    };
  if (containsAll(words, wanted))
    return {
      id: "title",
      label,
      status: "ok",
      message: "The title has all the keyphrase's words, but not together. Use the phrase as people search it.",
    };
  return {
    id: "title",
    label,
    status: "problem",
    message: "The title does not have the keyphrase. Add it, ideally at the start.",
  };
}

function descriptionCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in the description";
  if (!input.description.trim())
    return {
      id: "description",
      label,
      status: "problem",
      message: "There is no description. Write one with the keyphrase.",
    };
  const found = sentencesOf(input.description).filter((s) => containsAll(wordsOf(s), wanted)).length;
  if (found === 0)
    return {
      id: "description",
      label,
      status: "problem",
      message: "The description does not mention the keyphrase. Google shows the searched words in bold.",
    };
  if (found <= 2)
    return {
      id: "description",
      label,
      status: "good",
      message: `The description mentions the keyphrase ${times(found)}.`,
    };
  return {
    id: "description",
    label,
    status: "problem",
    message: `The description mentions the keyphrase ${times(found)}. Once or twice reads more naturally.`,
  };
}

function headingCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in the main heading (H1)";
  if (input.h1.length === 0)
    return { id: "h1", label, status: "problem", message: "The page has no main heading (H1)." };
  const best = Math.max(...input.h1.map((h) => wanted.filter((w) => wordsOf(h).includes(w)).length));
  if (best === wanted.length)
    return { id: "h1", label, status: "good", message: "The main heading has the keyphrase's words." };
  if (best > 0)
    return {
      id: "h1",
      label,
      status: "ok",
      message: "The main heading has some of the keyphrase's words. The heading comes from the page's content.",
    };
  return {
    id: "h1",
    label,
    status: "problem",
    message: "The main heading does not have the keyphrase. The heading comes from the page's content.",
  };
}

function slugCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in the address";
  const slug = input.path.split("/").filter(Boolean).pop() ?? "";
  if (!slug) return { id: "slug", label, status: "none", message: "The home page's address has no words to check." };
  const words = wordsOf(decodeURIComponent(slug).replace(/[-_]/g, " "));
  const found = wanted.filter((word) => words.includes(word)).length;
  if (found === wanted.length)
    return { id: "slug", label, status: "good", message: `The address (/${slug}) has the keyphrase's words.` };
  return {
    id: "slug",
    label,
    status: found * 2 > wanted.length ? "ok" : "problem",
    message: `The address (/${slug}) has ${found === 0 ? "none" : `${found} of ${wanted.length}`} of the keyphrase's words. Changing an address needs a redirect from the old one.`,
  };
}

function introductionCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in the first paragraph";
  if (!input.firstParagraph)
    return { id: "introduction", label, status: "problem", message: "The page has no opening paragraph." };
  if (sentencesOf(input.firstParagraph).some((s) => containsAll(wordsOf(s), wanted)))
    return { id: "introduction", label, status: "good", message: "The first paragraph uses the keyphrase." };
  if (containsAll(wordsOf(input.firstParagraph), wanted))
    return {
      id: "introduction",
      label,
      status: "ok",
      message: "The first paragraph has the keyphrase's words, but not in one sentence.",
    };
  return {
    id: "introduction",
    label,
    status: "problem",
    message: "The first paragraph does not use the keyphrase. Say what the page is about from the start.",
  };
}

function imagesCheck(input: KeyphraseInput, wanted: string[]): Check {
  const label = "Keyphrase in image descriptions (alt text)";
  const images = input.imageAlts.length;
  if (images === 0)
    return { id: "images", label, status: "none", message: "The page's main content has no images to describe." };
  const found = input.imageAlts.filter((alt) => alt !== null && containsAll(wordsOf(alt), wanted)).length;
  if (images < IMAGE_SHARE.manyImages)
    return found > 0
      ? { id: "images", label, status: "good", message: `${found} of ${images} image descriptions use the keyphrase.` }
      : {
          id: "images",
          label,
          status: "problem",
          message: `None of the ${images} image descriptions use the keyphrase. Describe an image with it where it fits.`,
        };
  const share = found / images;
  if (share >= IMAGE_SHARE.minimum && share <= IMAGE_SHARE.maximum)
    return {
      id: "images",
      label,
      status: "good",
      message: `${found} of ${images} image descriptions use the keyphrase.`,
    };
  return {
    id: "images",
    label,
    status: "ok",
    message:
      share < IMAGE_SHARE.minimum
        ? `Only ${found} of ${images} image descriptions use the keyphrase; about a third to two thirds is best.`
        : `${found} of ${images} image descriptions use the keyphrase; describe some images in other words.`,
  };
}

function densityCheck(input: KeyphraseInput): Check {
  const label = "How often the keyphrase is used";
  const wordCount = wordsOf(input.text).length;
  if (wordCount < DENSITY.minWords)
    return {
      id: "density",
      label,
      status: "none",
      message: `The page has ${countOf(wordCount, "word", "words")}: too few to judge (${DENSITY.minWords} or more needed).`,
    };
  const count = keyphraseCount(input.text, input.keyphrase);
  const density = (count / wordCount) * 100;
  const min = recommendedCount(wordCount, DENSITY.minimum, "min");
  const max = recommendedCount(wordCount, DENSITY.maximum, "max");
  const said = `Used ${times(count)} in ${wordCount} words (${density.toFixed(1)} %).`;
  // In Yoast's order: too few (none, once, or under the minimum), about right, too many.
  if (count <= 1 || density < DENSITY.minimum)
    return { id: "density", label, status: "problem", message: `${said} Use it at least ${min} times.` };
  if (density <= DENSITY.maximum || (count === 2 && min <= 2))
    return { id: "density", label, status: "good", message: `${said} That is about right.` };
  return {
    id: "density",
    label,
    status: "problem",
    message: `${said} That is ${density > DENSITY.overMaximum ? "far " : ""}more than the ${max} times that read naturally.`,
  };
}

/** Every check, in the order a person works through them; none without a keyphrase. */
export function keyphraseChecks(input: KeyphraseInput): Check[] {
  if (wordsOf(input.keyphrase).length === 0) return [];
  const wanted = contentWords(input.keyphrase);
  return [
    lengthCheck(input.keyphrase),
    titleCheck(input, wanted),
    descriptionCheck(input, wanted),
    headingCheck(input, wanted),
    slugCheck(input, wanted),
    introductionCheck(input, wanted),
    imagesCheck(input, wanted),
    densityCheck(input),
  ];
}
