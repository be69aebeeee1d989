import { chartColors, DASH, type ChartSeries } from "./chart-types";

/** A series' swatch: the same colour, hatching or dash as in the chart. */
export function SeriesSwatch({ series, patternId }: { series: ChartSeries; patternId: string }) {
  const color = chartColors[series.tone];
  return (
    <svg aria-hidden width="28" height="14" viewBox="0 0 28 14" className="shrink-0">
      {series.kind === "line" ? (
        <line
          x1="1"
          y1="7"
          x2="27"
          y2="7"
          stroke={color}
          strokeWidth="3"
          strokeDasharray={series.look === "dashed" ? DASH : undefined}
        />
      ) : (
        <>
          <defs>
            <HatchPattern id={patternId} color={color} />
          </defs>
          <rect
            x="1"
            y="1"
            width="26"
            height="12"
            fill={series.look === "hatched" ? `url(#${patternId})` : color}
            stroke={color}
            strokeWidth="1.5"
          />
        </>
      )}
    </svg>
  );
}

/** Diagonal stripes of the series' colour on white: a hatched bar. */
export function HatchPattern({ id, color }: { id: string; color: string }) {
  return (
    <pattern id={id} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
      <rect width="6" height="6" fill="#ffffff" />
      <line x1="0" y1="0" x2="0" y2="6" stroke={color} strokeWidth="4" />
    </pattern>
  );
}

/** What each series looks like, in words next to its swatch (also the legend for screen readers). */
export function ChartLegend({ series, idPrefix }: { series: readonly ChartSeries[]; idPrefix: string }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Legend">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-2">
          <SeriesSwatch series={s} patternId={`${idPrefix}-legend-${s.key}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
