import { createColumnHelper } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { ActiveFilters, FilterForm, FilterSelect } from "~/components/staff/filter-form";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { EmptyState } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { SERP_LIMITS } from "~/features/seo-text/serp-width";
import { formatClinicDay, clinicDayOf } from "~/lib/clinic-time";
import { pageDetailHref, SEO_PAGES_CSV_PATH, SEO_PAGES_PATH, SEO_PATH } from "../audit-paths";
import { NOT_INDEXABLE_REASONS, type InventoryListRow } from "../audit-types";
import {
  activeFilterChips,
  hasFilters,
  INDEXABLE_WORDS,
  inventoryHref,
  PAGE_SIZE,
  PROBLEMS_WORDS,
  SORT_WORDS,
  SORTS,
  sortLink,
  type InventorySort,
  type InventoryView,
} from "../inventory-params";
import { PROBLEM_CODES, PROBLEMS, SEVERITY_RANK } from "../problem-catalogue";
import { statusWords } from "../problem-words";
import { PAGE_KINDS, type PageKind } from "../site-paths";
import { linkClass } from "./problem-list";
import { ScoreText } from "./severity-badge";

export interface InventoryData {
  view: InventoryView;
  /** When the audit these rows come from finished; null before the first. */
  finishedAt: { iso: string; text: string } | null;
  rows: InventoryListRow[];
  total: number;
}

const number = (n: number | null) => (n === null ? "–" : n.toLocaleString("en-US"));
const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
const column = createColumnHelper<InventoryListRow>();

/** A figure over a limit is marked in words (the colour only repeats it). */
function Width({ px, desktop, mobile }: { px: number | null; desktop: number; mobile: number }) {
  if (px === null) return <span className="text-muted">–</span>;
  const cut = px > desktop ? "cut on computers and phones" : px > mobile ? "cut on phones" : null;
  return (
    <span className="whitespace-nowrap">
      {number(px)} px{cut ? <span className="block text-xs text-accent-dark">{cut}</span> : null}
    </span>
  );
}

const columns = [
  column.accessor("path", {
    header: "Address",
    meta: { rowHeader: true, cellClassName: "break-all sm:min-w-64 sm:max-w-80" },
    cell: ({ row }) => (
      <span className="grid gap-0.5">
        <Link to={pageDetailHref(row.original.path)} className={linkClass}>
          {row.original.path}
        </Link>
        <span className="text-xs font-normal text-muted">{PAGE_KINDS[row.original.kind]}</span>
      </span>
    ),
  }),
  column.accessor("score", {
    header: "Score",
    meta: { align: "right" },
    cell: ({ getValue }) => <ScoreText score={getValue()} />,
  }),
  column.accessor((row) => row.errors + row.warnings + row.notices, {
    id: "problems",
    header: "Problems",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => {
      const { errors, warnings, notices } = row.original;
      if (errors + warnings + notices === 0) return <span className="text-muted">None</span>;
      return (
        <span className="grid text-xs">
          {errors ? <span className="font-semibold text-danger">{errors} must fix</span> : null}
          {warnings ? <span className="text-accent-dark">{warnings} should fix</span> : null}
          {notices ? <span className="text-muted">{notices} worth a look</span> : null}
        </span>
      );
    },
  }),
  column.accessor("status", {
    header: "Answer",
    meta: { cellClassName: "min-w-32" },
    cell: ({ row }) => (
      <span className="grid">
        <span>{statusWords(row.original.status)}</span>
        {row.original.location ? (
          <span className="text-xs break-all text-muted">to {row.original.location}</span>
        ) : null}
      </span>
    ),
  }),
  column.accessor("indexable", {
    header: "In search",
    meta: { cellClassName: "min-w-40" },
    cell: ({ row }) =>
      row.original.indexable ? (
        <span>
          Yes{row.original.inSitemap ? "" : <span className="block text-xs text-accent-dark">not in the sitemap</span>}
        </span>
      ) : (
        <span>
          No
          <span className="block text-xs text-muted">
            {row.original.notIndexable.map((r) => NOT_INDEXABLE_REASONS[r]).join("; ")}
          </span>
        </span>
      ),
  }),
  column.accessor("titleChars", {
    header: "Title length",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("titleWidthPx", {
    header: "Title width",
    meta: { align: "right" },
    cell: ({ getValue }) => (
      <Width px={getValue()} desktop={SERP_LIMITS.title.desktopPx} mobile={SERP_LIMITS.title.mobilePx} />
    ),
  }),
  column.accessor("descriptionChars", {
    header: "Description length",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("descriptionWidthPx", {
    header: "Description width",
    meta: { align: "right" },
    // Most descriptions of the site's own length rule (120–156 characters) run past Google's estimated
    // width on a phone: the figure alone, no "cut" flag on every row.
    cell: ({ getValue }) => (getValue() === null ? "–" : `${number(getValue())} px`),
  }),
  column.accessor("h1Count", {
    header: "Main headings",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("wordCount", {
    header: "Words",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("linksIn", {
    header: "Links in",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("linksOut", {
    header: "Links out",
    meta: { align: "right" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("imagesWithoutAlt", {
    header: "Images without alt text",
    meta: { align: "right", label: "Images without alt" },
    cell: ({ getValue }) => number(getValue()),
  }),
  column.accessor("lcpP75Ms", {
    id: "lcp",
    header: "Speed (LCP)",
    meta: { align: "right", cellClassName: "whitespace-nowrap" },
    cell: ({ row }) =>
      row.original.lcpP75Ms === null ? (
        <span className="text-muted">Not enough visits</span>
      ) : (
        <span>{seconds(row.original.lcpP75Ms)}</span>
      ),
  }),
  column.accessor("lastModified", {
    header: "Last changed",
    meta: { cellClassName: "whitespace-nowrap" },
    cell: ({ getValue }) => {
      const iso = getValue();
      return iso ? (
        <time dateTime={iso}>{formatClinicDay(clinicDayOf(new Date(iso)))}</time>
      ) : (
        <span className="text-muted">Not known</span>
      );
    },
  }),
];

/** Sortable columns (every figure) by their table column id. */
const SORT_OF_COLUMN: Record<string, InventorySort> = {
  path: "path",
  score: "score",
  problems: "problems",
  status: "status",
  titleChars: "titleChars",
  titleWidthPx: "titleWidthPx",
  descriptionChars: "descriptionChars",
  descriptionWidthPx: "descriptionWidthPx",
  h1Count: "h1Count",
  wordCount: "wordCount",
  linksIn: "linksIn",
  linksOut: "linksOut",
  imagesWithoutAlt: "imagesWithoutAlt",
  lcp: "lcp",
  lastModified: "lastModified",
};

/** /admin/seo/pages: every address the latest audit read, with its figures. */
export function InventoryPage({ data }: { data: InventoryData }) {
  const { view, rows, total, finishedAt } = data;
  const first = (view.page - 1) * PAGE_SIZE + 1;
  const last = first + rows.length - 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const href = (page: number) => inventoryHref(view.filters, view.sort, view.dir, page);
  const csv = inventoryHref(view.filters, view.sort, view.dir, 1, SEO_PAGES_CSV_PATH);
  return (
    <SeoFrame
      title="Pages"
      description={
        <p>
          Every address of the site the latest check read, with what a search engine sees on it. Sort by any figure,
          filter by what you are looking for, and open a page for its headings, links and structured data.
        </p>
      }
      actions={
        finishedAt ? (
          <a href={csv} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden className="size-4" />
            Download as CSV
          </a>
        ) : undefined
      }
    >
      {finishedAt === null ? (
        <EmptyState title="The site has not been checked yet">
          <Link to={SEO_PATH} className={linkClass}>
            Start the first check on the audit page
          </Link>
        </EmptyState>
      ) : (
        <>
          {view.ignored.length > 0 ? (
            <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
              Part of this address was not understood and was left out ({view.ignored.join(", ")}).
            </p>
          ) : null}
          <InventoryFilters view={view} />
          <ActiveFilters filters={activeFilterChips(view)} />
          <section aria-labelledby="inventory-heading" className="grid gap-4">
            <h2 id="inventory-heading" className="text-xl font-bold text-primary-dark">
              {total === 0
                ? "No pages match"
                : `${number(first)}–${number(last)} of ${number(total)} ${total === 1 ? "address" : "addresses"}, by ${SORT_WORDS[view.sort]}`}
            </h2>
            <p className="text-sm text-muted">
              From the check finished <time dateTime={finishedAt.iso}>{finishedAt.text}</time>. Title and description
              widths are as Google draws them (a title is cut past {SERP_LIMITS.title.desktopPx} px on a computer,{" "}
              {SERP_LIMITS.title.mobilePx} px on a phone); speed is the time three visits in four saw the main content,
              over the last 28 days.
            </p>
            <DataTable
              caption={`Pages, by ${SORT_WORDS[view.sort]} (${view.dir === "asc" ? "ascending" : "descending"})`}
              columns={columns}
              data={rows}
              rowKey={(row) => row.path}
              stackOnPhone
              sort={(id) => (SORT_OF_COLUMN[id] ? sortLink(view, SORT_OF_COLUMN[id]) : undefined)}
              empty={
                <EmptyState title="No pages match these filters">
                  <Link to={inventoryHref({}, view.sort, view.dir)} className={linkClass}>
                    Show every page
                  </Link>
                </EmptyState>
              }
            />
            {pages > 1 ? (
              <KeysetPager
                label="Pages of the list"
                firstHref={view.page > 2 ? href(1) : undefined}
                previousHref={view.page > 1 ? href(view.page - 1) : undefined}
                nextHref={view.page < pages ? href(view.page + 1) : undefined}
                previousLabel={`Previous ${PAGE_SIZE}`}
                nextLabel={`Next ${PAGE_SIZE}`}
              />
            ) : null}
          </section>
        </>
      )}
    </SeoFrame>
  );
}

function InventoryFilters({ view }: { view: InventoryView }) {
  const { filters } = view;
  const codes = [...PROBLEM_CODES].sort(
    (a, b) => SEVERITY_RANK[PROBLEMS[a].severity] - SEVERITY_RANK[PROBLEMS[b].severity],
  );
  return (
    <FilterForm
      label="Filter the pages"
      action={SEO_PAGES_PATH}
      clearHref={hasFilters(filters) ? inventoryHref({}, view.sort, view.dir) : undefined}
    >
      {view.sort !== "path" ? <input type="hidden" name="sort" value={view.sort} /> : null}
      {view.dir !== SORTS[view.sort] ? <input type="hidden" name="dir" value={view.dir} /> : null}
      <FilterSelect
        id="filter-indexable"
        name="indexable"
        label="In search"
        allLabel="Any"
        value={filters.indexable}
        options={(["yes", "no"] as const).map((value) => ({ value, label: INDEXABLE_WORDS[value] }))}
      />
      <FilterSelect
        id="filter-problems"
        name="problems"
        label="Problems"
        allLabel="With or without"
        value={filters.problems}
        options={(["any", "none"] as const).map((value) => ({ value, label: PROBLEMS_WORDS[value] }))}
      />
      <FilterSelect
        id="filter-problem"
        name="problem"
        label="Kind of problem"
        allLabel="Any kind"
        value={filters.problem}
        options={codes.map((value) => ({ value, label: PROBLEMS[value].title }))}
      />
      <FilterSelect
        id="filter-kind"
        name="kind"
        label="Kind of page"
        allLabel="Every kind"
        value={filters.kind}
        options={(Object.keys(PAGE_KINDS) as PageKind[]).map((value) => ({ value, label: PAGE_KINDS[value] }))}
      />
      <Field id="filter-q" label="Address contains" hint="(such as /blog)">
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          className={inputClass}
        />
      </Field>
    </FilterForm>
  );
}
