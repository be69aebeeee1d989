import { describe, expect, it } from "vitest";
import { readabilityChecks } from "./readability-checks";
import { readability, readingGrade } from "./readability.server";

// Syllables counted by hand (and by `syllable`, which agrees on every word here).
const PARAGRAPHS = [
  "We see you soon. Call us today.", // 2 sentences, 7 words, 8 syllables
  "Your visit is covered by your plan.", // 1 sentence in the passive voice, 7 words, 9 syllables
  // 1 sentence of 21 words (one over 20), 25 syllables
  "The doctor will listen to your story and build a plan with you that fits your week and your budget too.",
  "An evaluation takes sixty minutes or less.", // 1 sentence, 7 words, 13 syllables
];

describe("readability of a page's paragraphs", () => {
  it("computes Flesch reading ease and Flesch–Kincaid grade from words, sentences and syllables", () => {
    const figures = readability(PARAGRAPHS);
    expect(figures).toMatchObject({ words: 42, sentences: 5, syllables: 55 });
    // 206.835 − 1.015 × 42/5 − 84.6 × 55/42 = 206.835 − 8.526 − 110.7857 = 87.52
    expect(figures.fleschReadingEase).toBe(87.5);
    // 0.39 × 42/5 + 11.8 × 55/42 − 15.59 = 3.276 + 15.4524 − 15.59 = 3.14
    expect(figures.fleschKincaidGrade).toBe(3.1);
  });

  it("counts sentences over 20 words and sentences in the passive voice (not adjectives such as tired)", () => {
    const figures = readability([...PARAGRAPHS, "She is tired of waiting. He was excited."]);
    expect(figures.longSentences).toBe(1);
    expect(figures.passiveSentences).toBe(1);
    expect(readability(["The forms were completed. You will be seen by a psychiatrist."]).passiveSentences).toBe(2);
  });

  it("counts paragraphs over 150 words, and the longest", () => {
    const exactly150 = `${"We see you soon. ".repeat(37)}Call us.`;
    const over = "We see you soon. ".repeat(38);
    const figures = readability([exactly150, over, "Short one."]);
    expect(figures).toMatchObject({ longParagraphs: 1, longestParagraph: 152 });
    expect(readability([exactly150]).longParagraphs).toBe(0);
  });

  it("gives no scores for a page without words, and a syllable to every word (988 too)", () => {
    expect(readability([])).toMatchObject({ words: 0, fleschReadingEase: null, fleschKincaidGrade: null });
    expect(readability(["Call 988."])).toMatchObject({ words: 2, syllables: 2 });
  });
});

describe("readability in words", () => {
  it("judges each figure by its band: Yoast's for ease, sentences, paragraphs and the passive; grade 8 for the grade", () => {
    const checks = readabilityChecks(readability(PARAGRAPHS));
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ["reading-ease", "good"], // 87.5
      ["grade", "good"], // 3.1
      ["sentences", "good"], // 1 of 5 = 20 %
      ["paragraphs", "good"],
      ["passive", "problem"], // 1 of 5 = 20 % (over 15 %)
    ]);
    expect(checks[0]!.message).toBe("87.5: easy to read.");
    expect(checks[4]!.message).toBe("1 of 5 sentences (20 %) is passive (“is covered by”); a tenth at most is best.");
    const hard = {
      ...readability(PARAGRAPHS),
      fleschReadingEase: 45,
      fleschKincaidGrade: 11.2,
      longSentences: 2,
      longParagraphs: 1,
      longestParagraph: 180,
      passiveSentences: 0,
    };
    expect(readabilityChecks(hard).map((c) => c.status)).toEqual(["problem", "problem", "problem", "ok", "good"]);
    expect(
      readabilityChecks({ ...hard, fleschReadingEase: 55, fleschKincaidGrade: 9.5 })
        .slice(0, 2)
        .map((c) => c.status),
    ).toEqual(["ok", "ok"]);
    expect(readabilityChecks(readability([]))).toEqual([]);
  });
});

describe("the reading grade alone (drafts, on every change)", () => {
  it("gives the same Flesch–Kincaid grade as the full figures, with sentences split without the tagger", () => {
    expect(readingGrade(PARAGRAPHS)).toEqual({ grade: 3.1, words: 42, sentences: 5 });
    expect(readingGrade(["Dr. Ellison will see you. Then we talk."]).sentences).toBe(2);
    expect(readingGrade([])).toEqual({ grade: null, words: 0, sentences: 0 });
  });
});
