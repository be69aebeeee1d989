import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { TimelineEntry } from "../lead-record-types";

const linkClass = "font-semibold text-primary underline underline-offset-4";

/** Everything that happened to the lead, newest first, with who and when; the arrival is the oldest entry. */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <ol className="grid border-l-2 border-line" aria-label="Timeline, newest first">
      {entries.map((entry) => (
        <li key={entry.key} className="relative grid gap-1 pb-6 pl-5 last:pb-0">
          <span
            aria-hidden
            className={cn(
              "absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-surface",
              entry.kind === "arrived" ? "bg-accent" : "bg-primary",
            )}
          />
          <p className="text-sm text-muted">
            <time dateTime={entry.at.iso}>{entry.at.text}</time>
          </p>
          <p>
            {entry.sentence}
            {entry.link ? (
              <>
                {" "}
                <Link to={entry.link.href} className={linkClass}>
                  {entry.link.label}
                </Link>
              </>
            ) : null}
          </p>
          {entry.quote ? (
            <p className="rounded-xl bg-sand px-3 py-2 break-words whitespace-pre-wrap">
              {entry.kind === "note" ? null : <span className="font-semibold">{entry.quote.label}: </span>}
              {entry.quote.text}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
