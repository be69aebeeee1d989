import { StatCard } from "~/components/staff/stat-card";
import { share } from "../report-math";
import { formatCount, formatShare } from "../report-format";
import type { LeadReport, Outcomes } from "../report-types";
import { cardGrid } from "~/components/staff/report-section";
import { plural } from "~/lib/plural";

const NO_REQUESTS = "No requests arrived in this range.";

/** The range's counts and how far its requests got, each against the period before. */
export function OverviewCards({ totals }: { totals: LeadReport["totals"] }) {
  const { current, previous } = totals;
  const rate = (outcomes: Outcomes | null, key: "contacted" | "scheduled" | "patients") =>
    outcomes === null ? null : share(outcomes[key], outcomes.requests).share;
  const compared = (value: number | null) => (previous === null ? undefined : value);
  return (
    <div className={cardGrid}>
      {(
        [
          ["requests", "Requests", "Forms sent: home page, appointment request, get started."],
          ["calls", "Calls tapped", "Taps on the phone number. We cannot tell whether the call was made."],
        ] as const
      ).map(([key, label, note]) => (
        <StatCard
          key={key}
          label={label}
          value={current[key]}
          previous={compared(previous?.[key] ?? null)}
          format={formatCount}
          good="up"
          note={note}
        />
      ))}
      {(
        [
          ["contacted", "Contacted", "Requests that got a first contact (a call, e-mail or text)."],
          ["scheduled", "Scheduled", "Requests that reached a scheduled first visit."],
          ["patients", "Became patients", "Requests whose person became a patient."],
        ] as const
      ).map(([key, label, note]) => (
        <StatCard
          key={key}
          label={label}
          value={rate(current, key)}
          previous={compared(rate(previous, key))}
          format={formatShare}
          change="points"
          good="up"
          unavailable={NO_REQUESTS}
          note={
            <>
              {current.requests > 0
                ? `${formatCount(current[key])} of ${formatCount(current.requests)} ${plural(current.requests, "request", "requests")}. `
                : null}
              {note}
            </>
          }
        />
      ))}
    </div>
  );
}
