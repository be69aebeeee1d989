import nlp from "compromise";
import { syllable } from "syllable";
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

/** Every word has at least one syllable (`syllable` gives 0 for "988"). */
const syllablesOf = (word: string) => Math.max(1, syllable(word));

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
