import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { blogPagePath, pageWindow } from "../pagination";

const numberClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold transition-colors";

/** Previous, the page numbers (the current one marked) and next. */
export function PaginationNav({ page, pageCount }: { page: number; pageCount: number }) {
  return (
    <nav aria-label="Pagination">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={blogPagePath(page - 1)} rel="prev" className={buttonVariants({ variant: "outline" })}>
              <ChevronLeft aria-hidden className="size-5" />
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={blogPagePath(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={cn(
                  numberClass,
                  n === page
                    ? "bg-primary text-white"
                    : "border-2 border-line bg-surface text-primary-dark hover:border-primary hover:bg-primary-soft",
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={blogPagePath(page + 1)} rel="next" className={buttonVariants({ variant: "outline" })}>
              Next<span className="sr-only"> page</span>
              <ChevronRight aria-hidden className="size-5" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
