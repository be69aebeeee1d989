import { HeatMap, type HeatCellView } from "~/components/staff/heat-map";
import { StatCard } from "~/components/staff/stat-card";
import { FEW_REQUESTS } from "../report-math";
import { compactMinutes, formatCount, formatMinutes, formatShare, hourLabel, waitShades } from "../report-format";
import type { HeatCell, LeadReport, Share } from "../report-types";
import { cardGrid } from "~/components/staff/report-section";
import { plural } from "~/lib/plural";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const NOT_CONTACTED = "No request in this range has been contacted yet.";
const TOO_RECENT = "No request in this range is old enough to tell yet.";

function levelOf(minutes: number, limits: readonly number[]): number {
  const below = limits.findIndex((limit) => minutes < limit);
  return below === -1 ? limits.length + 1 : below + 1;
}

function cellView(cell: HeatCell, limits: readonly number[]): HeatCellView {
  const when = `${WEEKDAYS[cell.weekday - 1]}, ${hourLabel(cell.hour)}`;
  if (cell.requests === 0) return { level: 0, text: "–", full: `${when}: no requests` };
  const count = `${formatCount(cell.requests)} ${cell.requests === 1 ? "request" : "requests"}`;
  if (cell.medianWaitMinutes === null) {
    return { level: 0, text: "–", full: `${when}: ${count}, none with a wait to measure (closed without a contact)` };
  }
  const waiting = cell.waiting > 0 ? `, ${formatCount(cell.waiting)} still waiting` : "";
  const few = cell.measured < FEW_REQUESTS;
  return {
    level: levelOf(cell.medianWaitMinutes, limits),
    text: compactMinutes(cell.medianWaitMinutes),
    full: `${when}: median wait ${formatMinutes(cell.medianWaitMinutes)}, ${count}${waiting}${few ? " (few requests: read with care)" : ""}`,
    flagged: few,
  };
}

/**
 * Speed to lead: how long requests waited for their first contact, against
 * the period before and the promise, what is overdue now, and when requests
 * that wait longest arrive.
 */
export function SpeedSection({ report }: { report: LeadReport }) {
  const { current, previous, overdueNow, heatMap } = report.speed;
  const promise = report.promiseHours;
  const compared = <T,>(pick: (s: NonNullable<typeof previous>) => T) => (previous ? pick(previous) : undefined);
  const shareCard = (label: string, pick: (s: typeof current) => Share, note: string) => (
    <StatCard
      label={label}
      value={pick(current).share}
      previous={compared((s) => pick(s).share)}
      format={formatShare}
      change="points"
      good="up"
      unavailable={TOO_RECENT}
      note={
        pick(current).of > 0
          ? `${formatCount(pick(current).count)} of ${formatCount(pick(current).of)} ${plural(pick(current).of, "request", "requests")}. ${note}`
          : note
      }
    />
  );
  const cells = new Map(heatMap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  const shades = waitShades(promise);
  return (
    <>
      <div className={cardGrid}>
        {(
          [
            [
              "medianMinutes",
              "Median time to first contact",
              `Half of the ${formatCount(current.contacted)} contacted requests got their first contact sooner.`,
            ],
            [
              "p90Minutes",
              "90th percentile",
              "Nine in ten contacted requests got their first contact sooner than this.",
            ],
          ] as const
        ).map(([key, label, note]) => (
          <StatCard
            key={key}
            label={label}
            value={current[key]}
            previous={compared((s) => s[key])}
            format={formatMinutes}
            good="down"
            unavailable={NOT_CONTACTED}
            note={note}
          />
        ))}
        {shareCard(
          "Contacted within 1 hour",
          (s) => s.withinHour,
          "Not counting requests under an hour old still waiting.",
        )}
        {promise === 24 ? (
          shareCard(
            "Contacted within 24 hours (our promise)",
            (s) => s.withinDay,
            "Not counting requests under a day old still waiting.",
          )
        ) : (
          <>
            {shareCard(
              "Contacted within 24 hours",
              (s) => s.withinDay,
              "Not counting requests under a day old still waiting.",
            )}
            {shareCard(
              `Within our promise (${promise} hours)`,
              (s) => s.withinPromise,
              "The reply promise set in the lead settings.",
            )}
          </>
        )}
        <StatCard
          label="Overdue right now"
          value={overdueNow}
          format={formatCount}
          note={`Requests still new, with no contact, older than ${promise} hours — whenever they arrived, not only in this range.`}
        />
      </div>
      <div className="grid min-w-0 gap-2">
        <h3 className="text-lg font-bold text-primary-dark">Wait by weekday and hour of arrival</h3>
        <p className="max-w-prose text-sm text-muted">
          The median wait for a first contact of the requests that arrived at each hour (clinic time) in this range. For
          a request nobody has contacted yet, its wait so far counts. Requests closed without a contact have no wait and
          are not in it.
        </p>
        <HeatMap
          caption="Median wait for a first contact, by weekday and hour of arrival"
          cornerLabel="Arrived"
          rows={Array.from({ length: 24 }, (_, hour) => ({
            key: String(hour),
            label: hourLabel(hour),
          }))}
          columns={WEEKDAYS.map((day) => ({ key: day, label: day.slice(0, 3), full: day }))}
          cellAt={(hour, day) => {
            const cell = cells.get(`${day + 1}:${hour}`);
            return cell ? cellView(cell, shades.limits) : { level: 0, text: "–", full: "No requests" };
          }}
          legend={shades.labels}
          flagNote={`Fewer than ${FEW_REQUESTS} requests with a wait: read with care.`}
        />
      </div>
    </>
  );
}
