/**
 * Longest a test waits for the app to answer a request before calling it
 * hung. Tests check that a request is answered (503 when the database is
 * away, say) rather than how fast: far beyond any deadline of the app (the
 * database's is 1.5 s), so a busy machine never trips it, and short of the
 * test's own timeout, so a hang fails with this name on it. How fast is a
 * benchmark's question (docs/benchmarks.md).
 */
export const ANSWER_SAFETY_MS = 15_000;

/** A fetch that fails as "hung" when no answer comes within ANSWER_SAFETY_MS. */
export async function fetchAnswer(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_SAFETY_MS) });
  } catch (error) {
    const e = error as Error;
    throw new Error(
      `${init.method ?? "GET"} ${new URL(url).pathname}: ${e.name === "TimeoutError" ? `no answer within ${ANSWER_SAFETY_MS} ms (hung)` : e.message}`,
    );
  }
}
