import { readingGrade } from "~/features/seo-text/readability.server";
import { claimFindings } from "./claims";
import { DRAFT_THRESHOLDS } from "./check-thresholds";
import { duplicateFindings } from "./duplicate-content";
import { readDraftText, type DraftText } from "./draft-text";
import type { Draft, DraftContext, Finding } from "./draft-types";
import { safeMessagingFindings } from "./safe-messaging";
import { seoFindings } from "./seo-findings";
import { countOf } from "~/lib/plural";

/**
 * Every check on a draft (issue 18), pure: the same draft and context give
 * the same findings, errors first. Fast enough to run on each autosave (a
 * 3,000-word draft against fifty posts in well under 50 ms; measured in
 * check-draft.server.test.ts). On the server because reading level uses
 * `syllable`, which the editor's page need not download.
 */
export function checkDraft(draft: Draft, context: DraftContext = {}): Finding[] {
  const text = readDraftText(draft.body);
  const findings = [
    ...safeMessagingFindings(draft.title, text),
    ...duplicateFindings(text.text, context.otherPosts ?? []),
    ...claimFindings(draft.title, text),
    ...readingLevelFindings(text, context.maxGrade ?? DRAFT_THRESHOLDS.maxGrade),
    ...seoFindings(draft, text, context.siteOrigin),
  ];
  // A stable sort: errors first, each group in the order the checks run.
  return findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
}

function readingLevelFindings(text: DraftText, maxGrade: number): Finding[] {
  const { grade, words, sentences } = readingGrade(text.paragraphs);
  if (grade === null || words < DRAFT_THRESHOLDS.minWordsForGrade || grade <= maxGrade) return [];
  return [
    {
      id: "reading-level",
      severity: "warning",
      title: `Reading level: grade ${grade.toFixed(1)}`,
      explanation: `Health information is easiest to use at grade ${maxGrade} or below. Sentences here average ${countOf(Math.round(words / sentences), "word", "words")}.`,
      fix: "Use shorter sentences (15 words or fewer is a good aim) and everyday words: “help” rather than “facilitate”, “about” rather than “approximately”.",
    },
  ];
}
