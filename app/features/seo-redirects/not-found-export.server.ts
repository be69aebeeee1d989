import type { Db } from "~/db/client.server";
import { clinicDayOf, dayKey } from "~/lib/clinic-time";
import { csvHeaders, csvStream } from "~/lib/csv.server";
import { notFoundBatches } from "./not-found-monitor.server";
import { readNotFoundView } from "./not-found-view";

const HEADER = ["Path", "Count", "First seen (UTC)", "Last seen (UTC)", "Came from"] as const;

/**
 * The 404 monitor as CSV: every row the view matches (its search and
 * ignored state, in its order), not just the page on screen. Paths, counts
 * and host names only: nothing in it is about a person.
 */
export function notFoundCsv(db: Db, params: URLSearchParams, now = new Date()): Response {
  const { view } = readNotFoundView(params);
  async function* rows() {
    for await (const batch of notFoundBatches(db, view)) {
      yield batch.map((row) => [
        row.path,
        row.hits,
        row.firstSeenAt.toISOString(),
        row.lastSeenAt.toISOString(),
        row.referrerHost ?? "",
      ]);
    }
  }
  const name = `404-monitor${view.ignored ? "-ignored" : ""}-${dayKey(clinicDayOf(now))}.csv`;
  return new Response(csvStream(HEADER, rows()), { headers: csvHeaders(name) });
}
