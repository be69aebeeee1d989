import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { EmptyState } from "~/components/staff/page-header";
import { SortLinks } from "~/components/staff/sort-links";
import { counted, countText, ctrText, pageSettingsHref, positionText } from "../figures";
import { PAGE_SORTS, type PageSort, type ReportPageRow, type SortDirection } from "../search-console-types";
import { plural } from "~/lib/plural";

const column = createColumnHelper<ReportPageRow>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";
/** How many of a page's queries its row lists. */
const QUERIES_LISTED = 10;
const noFigure = <span className="text-muted">Not imported</span>;

function QueriesCell({ row }: { row: ReportPageRow }) {
  if (row.queries) {
    const listed = row.queries.slice(0, QUERIES_LISTED);
    return (
      <details>
        <summary className="inline-flex min-h-6 cursor-pointer items-center font-semibold text-primary-dark underline underline-offset-2">
          {counted(row.queries.length, "search", "searches")}
          <span className="sr-only"> of {row.label}</span>
        </summary>
        <ol className="mt-2 grid gap-1.5">
          {listed.map((query) => (
            <li key={query.query} className="grid">
              <span className="font-medium break-words">{query.query}</span>
              <span className="text-xs text-muted">
                {counted(query.clicks, "click", "clicks")}, {counted(query.impressions, "impression", "impressions")},
                position {positionText(query.position)}
              </span>
            </li>
          ))}
        </ol>
        {row.queries.length > listed.length ? (
          <p className="mt-1 text-xs text-muted">The {QUERIES_LISTED} seen most often.</p>
        ) : null}
      </details>
    );
  }
  if (row.elsewhere) {
    return (
      <Link to={row.elsewhere.href} className={linkClass}>
        Imported for {row.elsewhere.text}
        <span className="sr-only"> ({row.label})</span>
      </Link>
    );
  }
  return <span className="text-muted">Not imported</span>;
}

const figure = (key: "clicks" | "impressions" | "ctr" | "position", header: string, text: (n: number) => string) =>
  column.accessor((row) => row.figures?.[key] ?? null, {
    id: key,
    header,
    meta: { align: "right" },
    cell: ({ getValue }) => {
      const value = getValue();
      return value === null ? noFigure : text(value);
    },
  });

const columns = [
  column.accessor("label", {
    id: "page",
    header: "Page",
    meta: { rowHeader: true, cellClassName: "break-all sm:max-w-64" },
  }),
  figure("clicks", "Clicks", countText),
  figure("impressions", "Impressions", countText),
  figure("ctr", "CTR", ctrText),
  figure("position", "Position", positionText),
  column.display({
    id: "queries",
    header: "Its searches",
    meta: { cellClassName: "sm:min-w-48" },
    cell: ({ row }) => <QueriesCell row={row.original} />,
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row }) =>
      row.original.path ? (
        <Link to={pageSettingsHref(row.original.path)} className={linkClass}>
          Edit title and description<span className="sr-only"> of {row.original.path}</span>
        </Link>
      ) : (
        <span className="text-muted">Not on this site&apos;s address</span>
      ),
  }),
];

/** Every page of the period, sortable by each figure (links, so it works without JavaScript), a screen at a time. */
export function PagesTable({
  pages,
  pageTotal,
  sort,
  dir,
  sortHrefs,
  pager,
  screen,
  screens,
}: {
  pages: ReportPageRow[];
  pageTotal: number;
  sort: PageSort;
  dir: SortDirection;
  sortHrefs: Record<PageSort, string>;
  pager: { firstHref?: string; previousHref?: string; nextHref?: string };
  screen: number;
  screens: number;
}) {
  const sortWords: Record<PageSort, string> = {
    clicks: "clicks",
    impressions: "impressions",
    ctr: "CTR",
    position: "position",
    page: "address",
  };
  return (
    <section aria-labelledby="pages-heading" className="grid gap-3">
      <h2 id="pages-heading" className="text-2xl font-bold text-primary-dark">
        Pages
      </h2>
      <p className="max-w-prose text-muted">
        How often Google showed each page (impressions), how often people clicked it, the share who clicked (CTR) and
        its average position in the results. A page&apos;s searches appear once that page&apos;s own export is imported
        for this period.
      </p>
      {/* On a phone the rows are stacked and the header links hidden: the same sorts, as links. */}
      <SortLinks label="Sort the pages" sorts={PAGE_SORTS} words={sortWords} sort={sort} dir={dir} hrefs={sortHrefs} />
      <DataTable
        caption={`Pages, by ${sortWords[sort]} (${dir === "asc" ? "ascending" : "descending"})${screens > 1 ? `, screen ${screen} of ${screens}` : ""}`}
        columns={columns}
        data={pages}
        rowKey={(row) => row.url}
        stackOnPhone
        sort={(id) =>
          id in sortHrefs
            ? {
                href: sortHrefs[id as PageSort],
                current: id === sort ? (dir === "asc" ? "ascending" : "descending") : "none",
              }
            : undefined
        }
        empty={
          <EmptyState title="No pages in this period">
            Only queries were imported for it. Import its Pages.csv (it is in the same zip) to see every page.
          </EmptyState>
        }
      />
      {screens > 1 ? (
        <p className="text-sm text-muted">
          {countText(pageTotal)} {plural(pageTotal, "page", "pages")}, {pages.length} on this screen.
        </p>
      ) : null}
      <KeysetPager label="Screens of pages" {...pager} previousLabel="Previous pages" nextLabel="More pages" />
    </section>
  );
}
