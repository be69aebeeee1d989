import { StatCard } from "~/components/staff/stat-card";
import type { AdFigures } from "../ads-types";
import { conversionsText, countText, ratio, shareText } from "../figures";
import { cardGrid } from "~/components/staff/report-section";

/**
 * The range's figures, each against the period before: Google's (cost,
 * clicks, impressions, CTR, average CPC, its own conversions), ours (visits,
 * leads, scheduled, new patients), and what each costs. A cost per result
 * with no result says so, never $0.
 */
export function PerformanceCards({
  current,
  previous,
  money,
}: {
  current: AdFigures;
  previous: AdFigures | null;
  money: (micros: number) => string;
}) {
  const compared = (pick: (f: AdFigures) => number | null) => (previous === null ? undefined : pick(previous));
  const costPer = (count: (f: AdFigures) => number) => (f: AdFigures) => ratio(f.costMicros, count(f));
  const cards: {
    label: string;
    pick: (f: AdFigures) => number | null;
    format: (n: number) => string;
    good?: "up" | "down" | "neither";
    change?: "points";
    unavailable?: string;
    note?: string;
  }[] = [
    {
      label: "Cost",
      pick: (f) => f.costMicros,
      format: money,
      note: "What Google Ads charged, from the imported reports.",
    },
    { label: "Clicks", pick: (f) => f.clicks, format: countText, good: "up" },
    { label: "Impressions", pick: (f) => f.impressions, format: countText, good: "up" },
    {
      label: "Click-through rate (CTR)",
      pick: (f) => ratio(f.clicks, f.impressions),
      format: shareText,
      change: "points",
      good: "up",
      unavailable: "No impressions in this range.",
    },
    {
      label: "Average cost per click",
      pick: costPer((f) => f.clicks),
      format: money,
      good: "down",
      unavailable: "No clicks in this range.",
    },
    {
      label: "Visits from the ads",
      pick: (f) => f.visits,
      format: countText,
      good: "up",
      note: "Visits to the site that came from Google Ads, counted by our own analytics.",
    },
    {
      label: "Leads",
      pick: (f) => f.leads,
      format: countText,
      good: "up",
      note: "Requests sent and calls tapped by people the ads brought (spam and duplicates left out).",
    },
    {
      label: "Scheduled",
      pick: (f) => f.scheduled,
      format: countText,
      good: "up",
      note: "Of those leads, how many have a first visit scheduled (so far).",
    },
    {
      label: "New patients",
      pick: (f) => f.patients,
      format: countText,
      good: "up",
      note: "Of those leads, how many became patients (so far).",
    },
    {
      label: "Cost per lead",
      pick: costPer((f) => f.leads),
      format: money,
      good: "down",
      unavailable: "No leads in this range, so there is no cost per lead.",
    },
    {
      label: "Cost per scheduled visit",
      pick: costPer((f) => f.scheduled),
      format: money,
      good: "down",
      unavailable: "No lead of this range is scheduled yet.",
    },
    {
      label: "Cost per new patient",
      pick: costPer((f) => f.patients),
      format: money,
      good: "down",
      unavailable: "No lead of this range has become a patient yet.",
    },
    {
      label: "Clicks that became leads",
      pick: (f) => ratio(f.leads, f.clicks),
      format: shareText,
      change: "points",
      good: "up",
      unavailable: "No clicks in this range.",
    },
    {
      label: "Leads that were scheduled",
      pick: (f) => ratio(f.scheduled, f.leads),
      format: shareText,
      change: "points",
      good: "up",
      unavailable: "No leads in this range.",
    },
    {
      label: "Leads that became patients",
      pick: (f) => ratio(f.patients, f.leads),
      format: shareText,
      change: "points",
      good: "up",
      unavailable: "No leads in this range.",
    },
  ];
  return (
    <div className={cardGrid}>
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.pick(current)}
          previous={compared(card.pick)}
          format={card.format}
          good={card.good ?? "neither"}
          change={card.change}
          unavailable={card.unavailable}
          note={card.note}
        />
      ))}
      {current.conversions !== null ? (
        <StatCard
          label="Conversions by Google's count"
          value={current.conversions}
          previous={previous === null ? undefined : previous.conversions}
          format={conversionsText}
          note="What Google Ads counted as conversions, as its report says. Our leads above are counted by us."
        />
      ) : null}
    </div>
  );
}
