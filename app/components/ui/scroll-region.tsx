import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A wide table's frame: on a phone it scrolls sideways, and because it can
 * scroll it is a named region that takes keyboard focus (so the arrow keys
 * scroll it; WCAG 2.1.1 and axe's scrollable-region-focusable). A shadow on
 * an edge with more beyond it shows that it scrolls (scroll-shadows, app.css).
 */
export function ScrollRegion({
  label,
  bare = false,
  className,
  ...props
}: React.ComponentProps<"div"> & {
  label: string;
  /** Inside a card that has its own frame: no border of its own. */
  bare?: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        // relative: screen-reader-only text in the cells scrolls with them instead of widening the page.
        "relative scroll-shadows overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        !bare && "rounded-2xl border border-line",
        className,
      )}
      {...props}
    />
  );
}

/** Shared looks of the staff area's tables. */
export const tableClass = "w-full border-collapse text-left text-sm";
export const captionClass = "px-4 pt-4 pb-2 text-left text-base font-semibold text-primary-dark";
export const headCellClass = "border-b border-line bg-sand px-4 py-2.5 font-semibold whitespace-nowrap";
export const cellClass = "border-b border-line px-4 py-3 align-top";
