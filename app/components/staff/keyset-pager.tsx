import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/**
 * Keyset pagination's links (app/lib/keyset.server.ts): the first page,
 * the page before and the page after this one. No page numbers: counting
 * every earlier row is what keyset paging avoids.
 */
export function KeysetPager({
  label,
  firstHref,
  previousHref,
  nextHref,
  previousLabel = "Previous page",
  nextLabel = "Next page",
}: {
  /** "Pages of leads" */
  label: string;
  /** Only when this is not the first page. */
  firstHref?: string;
  previousHref?: string;
  nextHref?: string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (!firstHref && !previousHref && !nextHref) return null;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-3">
        {firstHref ? (
          <li>
            <Link to={firstHref} className={linkClass}>
              <ChevronsLeft aria-hidden className="size-4" />
              First page
            </Link>
          </li>
        ) : null}
        {previousHref ? (
          <li>
            <Link to={previousHref} rel="prev" className={linkClass}>
              <ChevronLeft aria-hidden className="size-4" />
              {previousLabel}
            </Link>
          </li>
        ) : null}
        {nextHref ? (
          <li>
            <Link to={nextHref} rel="next" className={linkClass}>
              {nextLabel}
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
