/**
 * Fixed-window rate-limit counters kept in this process, for PGlite only.
 *
 * On PGlite one process holds the data directory (PGlite's lock), so no other
 * instance could share a counter in the database anyway, and the counter upsert
 * cost ≈ 20 µs a page view and a table row per address per window (decision
 * 0028). The counts are the same as in `rate_limits`: every request counts,
 * refused ones too. They start again from zero when the server restarts, as a
 * window would. On PostgreSQL the counters stay in the database, where several
 * instances share them.
 */
export class MemoryRateCounters {
  // Window start (ms) → key → count. Only the two newest windows are kept: a
  // beacon waits at most a couple of seconds before its batch is written, so
  // older windows get no more requests.
  private readonly windows = new Map<number, Map<string, number>>();

  /** Counts `n` more requests for `key` in the window starting at `windowMs`; returns the count after. */
  add(key: string, windowMs: number, n: number): number {
    let counts = this.windows.get(windowMs);
    if (!counts) {
      this.windows.set(windowMs, (counts = new Map()));
      this.forgetOldWindows();
    }
    const after = (counts.get(key) ?? 0) + n;
    counts.set(key, after);
    return after;
  }

  /** Takes back `add` (the batch that counted them was not written). */
  remove(key: string, windowMs: number, n: number): void {
    const counts = this.windows.get(windowMs);
    const count = counts?.get(key);
    if (counts === undefined || count === undefined) return;
    if (count <= n) counts.delete(key);
    else counts.set(key, count - n);
  }

  private forgetOldWindows(): void {
    if (this.windows.size <= 2) return;
    const newest = [...this.windows.keys()].sort((a, b) => b - a).slice(0, 2);
    for (const start of this.windows.keys()) if (!newest.includes(start)) this.windows.delete(start);
  }
}
