import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * A table's sorts as a row of links, for phones: there DataTable stacks the
 * rows and hides the header, whose links sort on wider screens. The same
 * addresses as the header's, so the sort lives in the address either way.
 */
export function SortLinks<S extends string>({
  label,
  sorts,
  words,
  sort,
  dir,
  hrefs,
}: {
  /** "Sort the pages": names the navigation. */
  label: string;
  sorts: readonly S[];
  words: Record<S, string>;
  sort: S;
  dir: "asc" | "desc";
  hrefs: Record<S, string>;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 sm:hidden">
      <p className="text-sm font-semibold">Sort by:</p>
      <ul className="flex flex-wrap gap-2">
        {sorts.map((column) => (
          <li key={column}>
            <Link
              to={hrefs[column]}
              preventScrollReset
              aria-current={column === sort ? "true" : undefined}
              className={cn(
                "inline-flex min-h-8 items-center rounded-full border px-3 text-sm font-medium",
                column === sort
                  ? "border-primary bg-primary-soft text-primary-dark"
                  : "border-line bg-surface text-primary-dark",
              )}
            >
              {words[column]}
              {column === sort ? (
                <>
                  {dir === "asc" ? (
                    <ArrowUp aria-hidden className="ml-1 size-4" />
                  ) : (
                    <ArrowDown aria-hidden className="ml-1 size-4" />
                  )}
                  <span className="sr-only">
                    {dir === "asc" ? " (sorted, ascending: reverse)" : " (sorted, descending: reverse)"}
                  </span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
