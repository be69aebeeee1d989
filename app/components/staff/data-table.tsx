import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { cn } from "~/lib/cn";

declare module "@tanstack/react-table" {
  // Per-column looks, read by DataTable (TanStack's own extension point).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers line up on the right. */
    align?: "right";
    /** Classes for the column's cells (a minimum width, no wrapping). */
    cellClassName?: string;
    /** This column's cell names the row for screen readers (<th scope="row">). */
    rowHeader?: boolean;
    /** The column's name beside each value when rows are stacked on a phone (defaults to a string header). */
    label?: string;
  }
}

/** How a column header sorts, decided by the server: a link to the same view sorted by it. */
export interface SortState {
  href: string;
  /** How the table is sorted by this column now. */
  current: "ascending" | "descending" | "none";
}

export interface DataTableProps<T> {
  /** Names the scrollable region and, for screen readers, the table ("Leads, newest first"). */
  caption: string;
  // TanStack's own pattern: each column's value type differs, so the list holds any.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  rowKey: (row: T) => string;
  /** A sortable column's link and state, by column id; columns without one do not sort. */
  sort?: (columnId: string) => SortState | undefined;
  rowClassName?: (row: T) => string | undefined;
  /** Shown instead of the table when there are no rows. */
  empty?: React.ReactNode;
  /**
   * On a phone, each row becomes a card of "label: value" lines instead of
   * a table to scroll sideways (ARIA roles keep it a table for screen readers).
   */
  stackOnPhone?: boolean;
  className?: string;
}

// Stacked rows: below the sm breakpoint the table's parts are blocks, the header row is
// read by screen readers only, and each cell shows its column's name before its value.
const stacked = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:border-b-4 max-sm:border-line max-sm:py-2",
  cell: "max-sm:flex max-sm:gap-2 max-sm:border-0 max-sm:py-1 max-sm:before:min-w-28 max-sm:before:shrink-0 max-sm:before:text-muted max-sm:before:font-normal max-sm:before:content-[attr(data-label)]",
};

/**
 * The staff area's table (ARCHITECTURE §8): columns declared with TanStack
 * Table, drawn as a real <table> in a focusable scroll region (phones scroll
 * it sideways). Sorting, filtering and paging are the server's: a sortable
 * header is a link to the same view sorted by it, with aria-sort saying how
 * it is sorted now, so it all works without JavaScript and from a bookmark.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  rowKey,
  sort,
  rowClassName,
  empty,
  stackOnPhone = false,
  className,
}: DataTableProps<T>) {
  // Rows come from the server each render and nothing here memoises the table's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  });
  if (data.length === 0 && empty) return <>{empty}</>;
  // Explicit roles: CSS that stacks the rows would otherwise take the table's meaning away.
  const role = (name: string) => (stackOnPhone ? { role: name } : {});
  return (
    <ScrollRegion label={caption} className={className}>
      <table className={cn(tableClass, stackOnPhone && stacked.table)} {...role("table")}>
        <caption className={cn(captionClass, "sr-only")}>{caption}</caption>
        <thead className={cn(stackOnPhone && stacked.head)} {...role("rowgroup")}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} {...role("row")}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorting = sort?.(header.column.id);
                const label = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    {...role("columnheader")}
                    aria-sort={sorting ? sorting.current : undefined}
                    className={cn(headCellClass, meta?.align === "right" && "text-right")}
                  >
                    {sorting ? <SortLink sorting={sorting}>{label}</SortLink> : label}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={cn(stackOnPhone && stacked.body)} {...role("rowgroup")}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={cn(rowClassName?.(row.original), stackOnPhone && stacked.row)} {...role("row")}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const Cell = meta?.rowHeader ? "th" : "td";
                const header = cell.column.columnDef.header;
                return (
                  <Cell
                    key={cell.id}
                    {...(meta?.rowHeader ? { scope: "row", ...role("rowheader") } : role("cell"))}
                    data-label={meta?.label ?? (typeof header === "string" ? header : undefined)}
                    className={cn(
                      cellClass,
                      stackOnPhone && stacked.cell,
                      meta?.rowHeader && "text-left font-semibold",
                      meta?.align === "right" && "text-right tabular-nums",
                      // Stacked on a phone, a figure follows its label like any other value.
                      meta?.align === "right" && stackOnPhone && "max-sm:text-left",
                      meta?.cellClassName,
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function SortLink({ sorting, children }: { sorting: SortState; children: React.ReactNode }) {
  const Icon = sorting.current === "ascending" ? ArrowUp : sorting.current === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={sorting.href}
      preventScrollReset
      className="-mx-1 inline-flex min-h-6 items-center gap-1 rounded px-1 text-primary-dark underline-offset-4 hover:underline"
    >
      {children}
      <Icon aria-hidden className={cn("size-4", sorting.current === "none" && "opacity-50")} />
      <span className="sr-only">
        {sorting.current === "none"
          ? "(sort by this)"
          : sorting.current === "ascending"
            ? "(sorted, ascending: reverse)"
            : "(sorted, descending: reverse)"}
      </span>
    </Link>
  );
}
