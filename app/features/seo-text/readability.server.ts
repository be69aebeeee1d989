import nlp from "compromise";
import { syllable } from "syllable";
import { sentencesOf } from "./keyphrase-checks";
import { LONG_PARAGRAPH_WORDS, LONG_SENTENCE_WORDS, type Readability } from "./readability-checks";

/**
 * How easy a page's words are to read, Yoast-style, computed on the server
 * from the paragraphs and list items of its main content (the same facts
 * the audit reads): Flesch reading ease and Flesch–Kincaid grade, the share
 * of sentences over 20 words, paragraphs over 150 words and the share of
 * sentences in the passive voice. Sentences and the passive voice come from
 * compromise (a part-of-speech tagger: "was given", "is covered", not "is
 * tired"), syllables from `syllable`. Both stay on the server.
 */

const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

const round1 = (n: number) => Math.round(n * 10) / 10;

// `syllable` works out each word afresh (about 6 µs); texts repeat their words, so each is kept once.
const SYLLABLE_MEMO_MAX = 50_000;
const syllableMemo = new Map<string, number>();

/** Every word has at least one syllable (`syllable` gives 0 for "988"). */
function syllablesOf(word: string): number {
  let count = syllableMemo.get(word);
  if (count === undefined) {
    count = Math.max(1, syllable(word));
    if (syllableMemo.size >= SYLLABLE_MEMO_MAX) syllableMemo.clear();
    syllableMemo.set(word, count);
  }
  return count;
}

export function readability(paragraphs: readonly string[]): Readability {
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  let longSentences = 0;
  let longParagraphs = 0;
  let longestParagraph = 0;
  let passiveSentences = 0;
  for (const paragraph of paragraphs) {
    let paragraphWords = 0;
    nlp(paragraph)
      .sentences()
      .forEach((sentence) => {
        const found = sentence.text().match(WORD) ?? [];
        if (found.length === 0) return;
        sentences += 1;
        paragraphWords += found.length;
        for (const word of found) syllables += syllablesOf(word);
        if (found.length > LONG_SENTENCE_WORDS) longSentences += 1;
        if (sentence.has("#Passive")) passiveSentences += 1;
      });
    words += paragraphWords;
    if (paragraphWords > LONG_PARAGRAPH_WORDS) longParagraphs += 1;
    longestParagraph = Math.max(longestParagraph, paragraphWords);
  }
  const perSentence = sentences > 0 ? words / sentences : 0;
  const perWord = words > 0 ? syllables / words : 0;
  return {
    words,
    sentences,
    syllables,
    fleschReadingEase: words > 0 ? round1(206.835 - 1.015 * perSentence - 84.6 * perWord) : null,
    fleschKincaidGrade: words > 0 ? round1(0.39 * perSentence + 11.8 * perWord - 15.59) : null,
    longSentences,
    longParagraphs,
    longestParagraph,
    passiveSentences,
  };
}

/**
 * The Flesch–Kincaid grade alone, fast enough to run on every change of a
 * draft: sentences split by the keyphrase checks' rule instead of
 * compromise's tagger (which takes about 200 ms for 3,000 words, for the
 * passive voice this figure does not need). Null without words.
 */
export function readingGrade(paragraphs: readonly string[]): {
  grade: number | null;
  words: number;
  sentences: number;
} {
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  for (const paragraph of paragraphs) {
    for (const sentence of sentencesOf(paragraph)) {
      const found = sentence.match(WORD) ?? [];
      if (found.length === 0) continue;
      sentences += 1;
      words += found.length;
      for (const word of found) syllables += syllablesOf(word);
    }
  }
  if (words === 0) return { grade: null, words, sentences };
  return { grade: round1(0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59), words, sentences };
}
