import { CircleCheck, Clock, TriangleAlert } from "lucide-react";
import { hourWords } from "~/features/leads/lead-settings";
import type { JobRunView } from "../lead-settings-page-types";

/** When each daily job runs, in words. */
const schedules: Record<string, (digestHour: number | null) => string> = {
  "lead-retention": () => "Once a day, just after midnight (Eastern time).",
  "lead-digest": (hour) =>
    hour === null
      ? "Off: no digest is sent."
      : `Once a day at ${hourWords(hour)} (Eastern time), when requests are overdue.`,
};

/** The daily jobs and how their last runs went (counts only). */
export function DailyJobsStatus({ runs, digestHour }: { runs: JobRunView[]; digestHour: number | null }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {runs.map((run) => (
        <li key={run.job} className="grid content-start gap-2 rounded-2xl border border-line bg-surface p-5">
          <h3 className="font-semibold text-primary-dark">{run.title}</h3>
          <p className="text-sm text-muted">{schedules[run.job]?.(digestHour)}</p>
          <LastRun run={run} />
        </li>
      ))}
    </ul>
  );
}

function LastRun({ run }: { run: JobRunView }) {
  const when = run.startedAt ? <time dateTime={run.startedAt}>{run.startedText}</time> : null;
  switch (run.state) {
    case "never":
      return <p>It has not run yet.</p>;
    case "running":
      return (
        <p className="flex items-start gap-2">
          <Clock aria-hidden className="mt-0.5 size-5 text-primary" />
          <span>Running since {when}.</span>
        </p>
      );
    case "stalled":
      return (
        <p className="flex items-start gap-2 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5" />
          <span>Started {when} and never finished (its server may have stopped). The next check takes it over.</span>
        </p>
      );
    case "failed":
      return (
        <p className="flex items-start gap-2 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5" />
          <span>
            Last run {when}: {run.outcome}. It is tried again 15 minutes after it failed, until the end of that day.
          </span>
        </p>
      );
    case "done":
      return (
        <p className="flex items-start gap-2">
          <CircleCheck aria-hidden className="mt-0.5 size-5 text-primary" />
          <span>
            Last run {when}: {run.outcome}.
          </span>
        </p>
      );
  }
}
