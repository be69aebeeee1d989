import { Link } from "react-router";
import { EmptyState } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { cn } from "~/lib/cn";
import { SEO_SEARCH_CONSOLE_IMPORT_PATH } from "~/lib/seo-paths";
import { counted } from "../figures";
import type { ReportView } from "../search-console-types";
import { Opportunities } from "./opportunities";
import { PagesTable } from "./pages-table";

/** /admin/seo/search-console: one imported period at a time: its opportunities, then its pages. */
export function ReportPage({ periods, ignored, selected, report }: ReportView) {
  return (
    <SeoFrame
      title="Search Console"
      description={
        <p>
          What people searched on Google before they saw the clinic&apos;s pages, from exports of Google Search Console.
          Figures cover the whole period of each export; a period is shown on its own, never added to another.
        </p>
      }
      actions={
        <Link to={SEO_SEARCH_CONSOLE_IMPORT_PATH} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Import an export
        </Link>
      }
    >
      {ignored.length > 0 ? (
        <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
          Part of this address could not be used ({ignored.join(", ")}), so the latest period is shown.
        </p>
      ) : null}
      {!selected || !report ? (
        <EmptyState title="No Search Console data yet">
          <p>
            In Search Console, open Performance, then Search results, and choose Export, then &ldquo;Download
            CSV&rdquo;.{" "}
            <Link to={SEO_SEARCH_CONSOLE_IMPORT_PATH} className="text-primary-dark underline underline-offset-2">
              Import the zip it gives
            </Link>{" "}
            to see the site&apos;s searches and pages here.
          </p>
        </EmptyState>
      ) : (
        <>
          <nav aria-label="Imported periods" className="grid gap-2">
            <p className="text-sm font-semibold">Period</p>
            <ul className="flex flex-wrap gap-2">
              {periods.map((period) => (
                <li key={period.href}>
                  <Link
                    to={period.href}
                    aria-current={period.current ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold",
                      period.current
                        ? "border-primary bg-primary text-white"
                        : "border-line bg-surface text-primary-dark hover:border-primary",
                    )}
                  >
                    {period.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>
            <strong>{selected.label}:</strong> {counted(report.queryCount, "search", "searches")} and{" "}
            {counted(report.pageTotal, "page", "pages")}, from{" "}
            {[
              selected.siteWide ? "an export of the whole site" : null,
              selected.pageImports > 0
                ? counted(selected.pageImports, "export of one page", "exports of one page each")
                : null,
            ]
              .filter(Boolean)
              .join(" and ")}
            . Imports are added, replaced and deleted on the{" "}
            <Link to={SEO_SEARCH_CONSOLE_IMPORT_PATH} className="text-primary-dark underline underline-offset-2">
              import page
            </Link>
            .
          </p>
          <Opportunities
            lowCtr={report.lowCtr}
            lowCtrTotal={report.lowCtrTotal}
            nearTop={report.nearTop}
            nearTopTotal={report.nearTopTotal}
          />
          <PagesTable
            pages={report.pages}
            pageTotal={report.pageTotal}
            sort={report.sort}
            dir={report.dir}
            sortHrefs={report.sortHrefs}
            pager={report.pager}
            screen={report.screen}
            screens={report.screens}
          />
        </>
      )}
    </SeoFrame>
  );
}
