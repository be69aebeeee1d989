/**
 * Something wrong in an uploaded file, and where: the file, the line as a
 * text editor counts it, and the column. Every import of staff files (Search
 * Console's exports, Google Ads' reports) names its problems this way, so a
 * person can open the file and go straight to the place.
 */
export interface UploadProblem {
  file: string;
  line?: number;
  column?: string;
  message: string;
}

/** "Queries.csv, line 14, column CTR: "abc" is not a percentage." */
export function problemText(problem: UploadProblem): string {
  const where = [
    problem.file,
    problem.line !== undefined ? `line ${problem.line}` : undefined,
    problem.column !== undefined ? `column ${problem.column}` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  return `${where}: ${problem.message}`;
}

/** How many problems an answer lists; the rest are counted in one more sentence. */
export const PROBLEMS_LISTED = 60;

/** The problems as sentences, the ones past `listed` counted. */
export function problemSentences(problems: readonly UploadProblem[], listed = PROBLEMS_LISTED): string[] {
  const sentences = problems.slice(0, listed).map(problemText);
  const more = problems.length - sentences.length;
  return more > 0 ? [...sentences, `And ${more} more ${more === 1 ? "problem" : "problems"}.`] : sentences;
}

/**
 * Collects a file's problems up to `limit`, counting the rest, so a file
 * broken on every line gives a readable list and a count, not 50,000 lines.
 */
export class ProblemList {
  readonly problems: UploadProblem[] = [];
  private more = 0;
  constructor(
    private readonly file: string,
    private readonly limit = 20,
  ) {}
  add(problem: Omit<UploadProblem, "file">) {
    if (this.problems.length < this.limit) this.problems.push({ file: this.file, ...problem });
    else this.more += 1;
  }
  get size() {
    return this.problems.length + this.more;
  }
  /** Every problem listed, and one more for those past the limit. */
  all(): UploadProblem[] {
    return this.more > 0
      ? [
          ...this.problems,
          {
            file: this.file,
            message: `and ${this.more} more ${this.more === 1 ? "problem" : "problems"} in this file.`,
          },
        ]
      : this.problems;
  }
}
