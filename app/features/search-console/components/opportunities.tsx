import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { EmptyState } from "~/components/staff/page-header";
import { countText, ctrText, pageSettingsHref, positionText } from "../figures";
import {
  LOW_CTR_MAX_POSITION,
  LOW_CTR_MIN_IMPRESSIONS,
  LOW_CTR_SHARE_OF_TYPICAL,
  NEAR_TOP_FROM_POSITION,
  NEAR_TOP_MIN_IMPRESSIONS,
  NEAR_TOP_TO_POSITION,
  TYPICAL_CTR_BY_POSITION,
} from "../opportunity-rules";
import type { Opportunity } from "../search-console-types";

const column = createColumnHelper<Opportunity>();
const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const HALF = LOW_CTR_SHARE_OF_TYPICAL === 0.5 ? "half" : `${LOW_CTR_SHARE_OF_TYPICAL * 100}%`;

function PageCell({ row }: { row: Opportunity }) {
  if (!row.page) return <span className="text-muted">Not known</span>;
  return <span className="[overflow-wrap:anywhere]">{row.page.label}</span>;
}

function LowCtrAdvice({ row }: { row: Opportunity }) {
  if (row.page?.path) {
    return (
      <Link to={pageSettingsHref(row.page.path)} className={linkClass}>
        Rewrite the title and description of {row.page.path}
      </Link>
    );
  }
  if (row.page) return <>That page is not on this site&apos;s address: check it in Search Console.</>;
  return (
    <>
      Find the page Google shows for it (click the query in Search Console, then Pages), then rewrite that page&apos;s
      title and description so they answer this search.
    </>
  );
}

function NearTopAdvice({ row }: { row: Opportunity }) {
  if (row.page?.path) {
    return (
      <Link to={pageSettingsHref(row.page.path)} className={linkClass}>
        Strengthen {row.page.path} for this search
      </Link>
    );
  }
  if (row.page) return <>That page is not on this site&apos;s address: check it in Search Console.</>;
  return <>Write a page that answers this search fully, or strengthen the one that shows for it.</>;
}

const figures = [
  column.accessor("impressions", {
    header: "Impressions",
    meta: { align: "right" },
    cell: ({ getValue }) => countText(getValue()),
  }),
  column.accessor("clicks", {
    header: "Clicks",
    meta: { align: "right" },
    cell: ({ getValue }) => countText(getValue()),
  }),
];

const lowCtrColumns = [
  column.accessor("query", { header: "Search", meta: { rowHeader: true, cellClassName: "break-words sm:max-w-56" } }),
  column.accessor((row) => row.page?.label ?? null, {
    id: "page",
    header: "Page",
    meta: { cellClassName: "sm:min-w-28" },
    cell: ({ row }) => <PageCell row={row.original} />,
  }),
  ...figures,
  column.accessor("ctr", {
    header: "CTR",
    meta: { align: "right", cellClassName: "whitespace-nowrap" },
    cell: ({ row }) => (
      <>
        {ctrText(row.original.ctr)}
        {row.original.typicalCtr !== null ? (
          <span className="block text-xs text-muted">usually {ctrText(row.original.typicalCtr)}</span>
        ) : null}
      </>
    ),
  }),
  column.accessor("position", {
    header: "Position",
    meta: { align: "right" },
    cell: ({ getValue }) => positionText(getValue()),
  }),
  column.display({
    id: "todo",
    header: "What to do",
    meta: { cellClassName: "sm:min-w-56" },
    cell: ({ row }) => <LowCtrAdvice row={row.original} />,
  }),
];

const nearTopColumns = [
  column.accessor("query", { header: "Search", meta: { rowHeader: true, cellClassName: "break-words sm:max-w-56" } }),
  column.accessor((row) => row.page?.label ?? null, {
    id: "page",
    header: "Page",
    meta: { cellClassName: "sm:min-w-28" },
    cell: ({ row }) => <PageCell row={row.original} />,
  }),
  column.accessor("position", {
    header: "Position",
    meta: { align: "right" },
    cell: ({ getValue }) => positionText(getValue()),
  }),
  ...figures,
  column.accessor("ctr", { header: "CTR", meta: { align: "right" }, cell: ({ getValue }) => ctrText(getValue()) }),
  column.display({
    id: "todo",
    header: "What to do",
    meta: { cellClassName: "sm:min-w-56" },
    cell: ({ row }) => <NearTopAdvice row={row.original} />,
  }),
];

function Shown({ shown, total }: { shown: number; total: number }) {
  if (shown >= total) return null;
  return (
    <p className="text-sm text-muted">
      The {shown} seen most often of {countText(total)}.
    </p>
  );
}

/**
 * The two kinds of opportunity, each with its rule in plain words (the
 * numbers come from opportunity-rules.ts, the same the report uses) and, for
 * each search, what to do about it.
 */
export function Opportunities({
  lowCtr,
  lowCtrTotal,
  nearTop,
  nearTopTotal,
}: {
  lowCtr: Opportunity[];
  lowCtrTotal: number;
  nearTop: Opportunity[];
  nearTopTotal: number;
}) {
  return (
    <section aria-labelledby="opportunities-heading" className="grid gap-6">
      <div className="grid gap-2">
        <h2 id="opportunities-heading" className="text-2xl font-bold text-primary-dark">
          Opportunities
        </h2>
        <p className="max-w-prose text-muted">
          Searches where a small change could bring more people to the site. A page is named when that page&apos;s own
          export was imported for this period; otherwise Search Console&apos;s whole-site export does not say which page
          Google showed.
        </p>
      </div>

      <section aria-labelledby="low-ctr-heading" className="grid gap-3">
        <h3 id="low-ctr-heading" className="text-xl font-bold text-primary-dark">
          Seen often, rarely clicked
        </h3>
        <p className="max-w-prose">
          Google showed the site for these searches at least {LOW_CTR_MIN_IMPRESSIONS} times, on the first page
          (position {LOW_CTR_MAX_POSITION} or better), yet fewer than {HALF} as many people clicked as usually click a
          result at that position. People choose by the title and description they read in the result: make them say
          plainly what the page offers for this search.
        </p>
        <details className="max-w-prose text-sm">
          <summary className="inline-flex min-h-6 cursor-pointer items-center font-semibold text-primary-dark underline underline-offset-2">
            How often results are usually clicked
          </summary>
          <p className="mt-2 text-muted">
            Share of people who click a result, by its position, from SISTRIX&apos;s 2020 study of 80 million searches.
            Typical, not a promise: ads and maps above the results pull every figure down.
          </p>
          <table className="mt-2 border-collapse text-left">
            <caption className="sr-only">Typical click rate by position</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-line px-3 py-1">
                  Position
                </th>
                <th scope="col" className="border-b border-line px-3 py-1 text-right">
                  Usually clicked
                </th>
              </tr>
            </thead>
            <tbody>
              {TYPICAL_CTR_BY_POSITION.map((ctr, index) => (
                <tr key={ctr}>
                  <th scope="row" className="px-3 py-1 font-normal">
                    {index + 1}
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{ctrText(ctr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
        <Shown shown={lowCtr.length} total={lowCtrTotal} />
        <DataTable
          caption="Seen often, rarely clicked"
          columns={lowCtrColumns}
          data={lowCtr}
          rowKey={(row) => `${row.query}|${row.page?.url ?? ""}`}
          stackOnPhone
          empty={<EmptyState title="None in this period">No search met this rule. That is good news.</EmptyState>}
        />
      </section>

      <section aria-labelledby="near-top-heading" className="grid gap-3">
        <h3 id="near-top-heading" className="text-xl font-bold text-primary-dark">
          Almost at the top
        </h3>
        <p className="max-w-prose">
          Google shows the site for these searches at an average position between {NEAR_TOP_FROM_POSITION} and{" "}
          {NEAR_TOP_TO_POSITION} (seen at least {NEAR_TOP_MIN_IMPRESSIONS} times): just below the first results, or on
          the second page, where few people look. A page that answers the search fully, uses its words in the title and
          main heading, and is linked from the site&apos;s other pages can move up.
        </p>
        <Shown shown={nearTop.length} total={nearTopTotal} />
        <DataTable
          caption="Almost at the top"
          columns={nearTopColumns}
          data={nearTop}
          rowKey={(row) => `${row.query}|${row.page?.url ?? ""}`}
          stackOnPhone
          empty={<EmptyState title="None in this period">No search was between these positions.</EmptyState>}
        />
      </section>
    </section>
  );
}
