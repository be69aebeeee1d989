/**
 * The numbers the draft checks judge by, in one place (docs/decisions/0037).
 */
export const DRAFT_THRESHOLDS = {
  /** Flesch–Kincaid grade: health information at grade 8 or below (NIH, AMA). */
  maxGrade: 8,
  /** Too few words to judge reading level or keyphrase use. */
  minWordsForGrade: 50,
  /** Yoast's text length for a post: 300 words or more. */
  minBodyWords: 300,
  /** Yoast's subheading distribution: no stretch of more than 300 words without a heading. */
  maxSectionWords: 300,
  /** Words per shingle in the duplicate-content comparison. */
  shingleWords: 5,
  /**
   * Share of the draft's five-word phrases found in one other post: from 0.2 a
   * warning (a passage reused), from 0.5 an error (half the post copied).
   */
  duplicateWarning: 0.2,
  duplicateError: 0.5,
  /** Drafts shorter than this many shingles are not compared (a heading or two match by chance). */
  minShingles: 20,
} as const;
