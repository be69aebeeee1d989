import { captionClass, ScrollRegion } from "~/components/ui/scroll-region";
import { cn } from "~/lib/cn";

/**
 * A grid of figures shaded by size (hours of the day × weekdays, say) as a
 * real HTML table: row and column headers, each cell's figure written in it
 * (short on screen, whole for screen readers and in its tooltip), so the
 * shading only repeats what the words say. Works without JavaScript; a
 * phone scrolls it sideways.
 */

export interface HeatAxisItem {
  key: string;
  /** Shown in the header. */
  label: string;
  /** Said to screen readers and in tooltips when the header is short ("Monday" for "Mon"). */
  full?: string;
}

export interface HeatCellView {
  /** 0: nothing to show; 1 … HEAT_LEVELS: how dark. */
  level: number;
  /** Short, in the cell: "3.5h". */
  text: string;
  /** Whole, for screen readers and the tooltip: "Friday 10 PM: median wait 3 h 30 min, 4 requests". */
  full: string;
  /** Too few to trust: marked with an asterisk, explained by `flagNote`. */
  flagged?: boolean;
}

export const HEAT_LEVELS = 5;

// Backgrounds light to dark teal, each with a text colour that keeps 4.5:1 on it.
const levelClass = [
  "bg-surface text-muted",
  "bg-[#e3f0ee] text-ink",
  "bg-[#b9dcd7] text-ink",
  "bg-[#7fbfb7] text-ink",
  "bg-[#1d7a73] text-white",
  "bg-[#0b4f4b] text-white",
];

export function HeatMap({
  caption,
  cornerLabel,
  rows,
  columns,
  cellAt,
  legend,
  flagNote,
  className,
}: {
  caption: string;
  /** The header over the row names: "Hour of arrival". */
  cornerLabel: string;
  rows: readonly HeatAxisItem[];
  columns: readonly HeatAxisItem[];
  cellAt: (row: number, column: number) => HeatCellView;
  /** What each shade means, darkest last: one label per level (HEAT_LEVELS). */
  legend: readonly string[];
  flagNote?: string;
  className?: string;
}) {
  return (
    <div className={cn("grid min-w-0 gap-3", className)}>
      <ScrollRegion label={caption} className="max-w-xl">
        <table className="w-full border-separate border-spacing-0.5 text-xs">
          <caption className={cn(captionClass, "sr-only")}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-1 py-1 text-left font-semibold">
                {cornerLabel}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="min-w-10 px-1 py-1 text-center font-semibold">
                  {column.full ? (
                    <>
                      <span aria-hidden>{column.label}</span>
                      <span className="sr-only">{column.full}</span>
                    </>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.key}>
                <th scope="row" className="px-1 py-1 text-left font-normal whitespace-nowrap text-muted">
                  {row.label}
                </th>
                {columns.map((column, c) => {
                  const cell = cellAt(r, c);
                  return (
                    <td
                      key={column.key}
                      title={cell.full}
                      data-level={cell.level}
                      className={cn(
                        "h-7 rounded px-1 text-center tabular-nums",
                        levelClass[Math.max(0, Math.min(HEAT_LEVELS, cell.level))],
                        cell.flagged && "italic",
                      )}
                    >
                      <span aria-hidden>
                        {cell.text}
                        {cell.flagged ? "*" : null}
                      </span>
                      <span className="sr-only">{cell.full}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="grid gap-1.5 text-sm">
        <ul aria-label="Shades" className="flex flex-wrap gap-x-4 gap-y-1">
          {legend.map((label, i) => (
            <li key={label} className="flex items-center gap-1.5">
              <span aria-hidden className={cn("inline-block size-4 rounded border border-line", levelClass[i + 1])} />
              {label}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden
              className={cn("inline-grid size-4 place-items-center rounded border border-line", levelClass[0])}
            >
              –
            </span>
            None
          </li>
        </ul>
        {flagNote ? <p className="text-muted">* {flagNote}</p> : null}
      </div>
    </div>
  );
}
