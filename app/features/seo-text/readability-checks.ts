import type { Check, CheckStatus } from "./keyphrase-checks";
import { countOf } from "~/lib/plural";

/** Yoast's limits for English: a sentence over 20 words is long, a paragraph over 150. */
export const LONG_SENTENCE_WORDS = 20;
export const LONG_PARAGRAPH_WORDS = 150;

/**
 * The bands each figure is judged by. Flesch reading ease, long sentences,
 * paragraph length and the passive voice are Yoast's; the grade level is
 * ours (Yoast does not grade it): patient information is best at the 8th
 * grade or below, as the NIH and the AMA advise for health materials.
 */
export const READABILITY_BANDS = {
  readingEase: { good: 60, ok: 50 },
  grade: { good: 8, ok: 10 },
  longSentenceShare: { good: 0.25, ok: 0.3 },
  paragraphWords: { ok: 200 },
  passiveShare: { good: 0.1, ok: 0.15 },
} as const;

/** How easy the page's words are to read (readability.server.ts). */
export interface Readability {
  words: number;
  sentences: number;
  syllables: number;
  /** 206.835 − 1.015 × words per sentence − 84.6 × syllables per word, to one decimal; null without words. */
  fleschReadingEase: number | null;
  /** 0.39 × words per sentence + 11.8 × syllables per word − 15.59, to one decimal; null without words. */
  fleschKincaidGrade: number | null;
  /** Sentences of more than LONG_SENTENCE_WORDS words. */
  longSentences: number;
  /** Paragraphs of more than LONG_PARAGRAPH_WORDS words, and the longest one's words. */
  longParagraphs: number;
  longestParagraph: number;
  /** Sentences with a verb in the passive voice. */
  passiveSentences: number;
}

export type ReadabilityCheck = Omit<Check, "id"> & {
  id: "reading-ease" | "grade" | "sentences" | "paragraphs" | "passive";
};

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** Flesch's own words for a score. */
function easeWords(score: number): string {
  if (score >= 90) return "very easy to read";
  if (score >= 80) return "easy to read";
  if (score >= 70) return "fairly easy to read";
  if (score >= 60) return "plain English";
  if (score >= 50) return "fairly difficult to read";
  if (score >= 30) return "difficult to read";
  return "very difficult to read";
}

const band = (value: number, good: number, ok: number, higherIsBetter = false): CheckStatus =>
  higherIsBetter
    ? value > good
      ? "good"
      : value >= ok
        ? "ok"
        : "problem"
    : value <= good
      ? "good"
      : value <= ok
        ? "ok"
        : "problem";

/** The page's readability in five checks; none when it has no words. */
export function readabilityChecks(figures: Readability): ReadabilityCheck[] {
  const { fleschReadingEase: ease, fleschKincaidGrade: grade } = figures;
  if (figures.words === 0 || ease === null || grade === null) return [];
  const b = READABILITY_BANDS;
  const longShare = figures.longSentences / figures.sentences;
  const passiveShare = figures.passiveSentences / figures.sentences;
  const easeStatus = band(ease, b.readingEase.good, b.readingEase.ok, true);
  const gradeStatus = band(grade, b.grade.good, b.grade.ok);
  return [
    {
      id: "reading-ease",
      label: "Flesch reading ease",
      status: easeStatus,
      message: `${ease.toFixed(1)}: ${easeWords(ease)}.${easeStatus === "good" ? "" : " Shorter sentences and everyday words help."}`,
    },
    {
      id: "grade",
      label: "School grade level (Flesch–Kincaid)",
      status: gradeStatus,
      message: `Grade ${Math.max(0, grade).toFixed(1)}.${gradeStatus === "good" ? " Most adults read this easily." : " Health information is best at grade 8 or below."}`,
    },
    {
      id: "sentences",
      label: "Long sentences",
      status: band(longShare, b.longSentenceShare.good, b.longSentenceShare.ok),
      message: `${figures.longSentences} of ${countOf(figures.sentences, "sentence", "sentences")} (${percent(longShare)}) ${figures.longSentences === 1 ? "has" : "have"} more than ${LONG_SENTENCE_WORDS} words; a quarter at most is best.`,
    },
    {
      id: "paragraphs",
      label: "Long paragraphs",
      status:
        figures.longParagraphs === 0 ? "good" : figures.longestParagraph <= b.paragraphWords.ok ? "ok" : "problem",
      message:
        figures.longParagraphs === 0
          ? `No paragraph has more than ${LONG_PARAGRAPH_WORDS} words.`
          : figures.longParagraphs === 1
            ? `1 paragraph has more than ${LONG_PARAGRAPH_WORDS} words (${figures.longestParagraph}). Split it.`
            : `${figures.longParagraphs} paragraphs have more than ${LONG_PARAGRAPH_WORDS} words (the longest ${figures.longestParagraph}). Split them.`,
    },
    {
      id: "passive",
      label: "Passive voice",
      status: band(passiveShare, b.passiveShare.good, b.passiveShare.ok),
      message: `${figures.passiveSentences} of ${countOf(figures.sentences, "sentence", "sentences")} (${percent(passiveShare)}) ${figures.passiveSentences === 1 ? "is" : "are"} passive (“is covered by”); a tenth at most is best.`,
    },
  ];
}
