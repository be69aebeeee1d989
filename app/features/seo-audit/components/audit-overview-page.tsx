import { RefreshCw } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { ActiveFilters, FilterForm, FilterSelect } from "~/components/staff/filter-form";
import { EmptyState } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { hrefWith } from "~/lib/url-filters";
import { SEO_PAGES_PATH, SEO_PATH } from "../audit-paths";
import type { OverviewAnswer, OverviewData, RunProgress, RunSummary } from "../overview-types";
import {
  PROBLEM_CODES,
  PROBLEMS,
  SCORE_EXPLAINED,
  SEVERITIES,
  SEVERITY_RANK,
  SEVERITY_WORDS,
  type Severity,
} from "../problem-catalogue";
import { linkClass, ProblemList } from "./problem-list";
import { useRunProgress } from "./use-run-progress";
import { plural } from "~/lib/plural";

const number = (n: number) => n.toLocaleString("en-US");
const duration = (ms: number) =>
  ms < 60_000
    ? `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} seconds`
    : `${Math.round(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/** /admin/seo: the site's score, the problems by severity and kind, and the re-check button. */
export function AuditOverviewPage({ data, answer }: { data: OverviewData; answer?: OverviewAnswer }) {
  const { finished, failed, filters } = data;
  const settled = useNavigation().state === "idle";
  // With JavaScript the page follows a running check by itself; without, the progress panel has a refresh link.
  const running = useRunProgress(data.running);
  return (
    <SeoFrame
      title="Site audit"
      description={
        <p>
          Every public page of the site, read the way a search engine reads it: what keeps a page out of search results,
          what makes it less likely to be clicked, and how to fix each. The{" "}
          <Link to={SEO_PAGES_PATH} className={linkClass}>
            page list
          </Link>{" "}
          has every page&rsquo;s figures.
        </p>
      }
      actions={<RecheckForm running={running !== null && !running.stale} />}
    >
      {settled && answer ? <Banner answer={answer} /> : null}
      {running ? <Progress run={running} /> : null}
      {failed ? (
        <p role="status" className="rounded-xl border border-danger bg-danger-soft p-4 text-danger">
          The check started {failed.at.text} could not finish: {failed.failure}
          {finished ? " The results below are from the check before it." : ""}
        </p>
      ) : null}
      {finished ? (
        <>
          <Summary run={finished} />
          <section aria-labelledby="problems-heading" className="grid gap-6">
            <h2 id="problems-heading" className="sr-only">
              Problems found
            </h2>
            {/* Nothing to filter on a site with no problem at all. */}
            {finished.counts.error + finished.counts.warning + finished.counts.notice > 0 ? (
              <ProblemFilters data={data} />
            ) : null}
            {data.groups.length > 0 ? (
              <ProblemList groups={data.groups} all={filters.kind !== undefined} />
            ) : filters.kind || filters.severity ? (
              <EmptyState title="No problems of this kind">
                <Link to={SEO_PATH} className={linkClass}>
                  Show every problem
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="No problems found">
                Every page the check read opens, can be found and says what it is about. Well done.
              </EmptyState>
            )}
          </section>
        </>
      ) : running ? null : (
        <EmptyState title="The site has not been checked yet">
          Press &ldquo;Check the site now&rdquo;: it reads every public page (about a second for a small site) and lists
          anything that needs fixing. After that, it checks again every night.
        </EmptyState>
      )}
    </SeoFrame>
  );
}

function RecheckForm({ running }: { running: boolean }) {
  const sending = useNavigation().formData?.get("intent") === "recheck";
  return (
    <Form method="post" action={SEO_PATH}>
      <input type="hidden" name="intent" value="recheck" />
      <Button type="submit" variant="secondary" disabled={sending || running}>
        <RefreshCw aria-hidden className="size-4" />
        {running ? "Checking…" : "Check the site now"}
      </Button>
    </Form>
  );
}

function Banner({ answer }: { answer: OverviewAnswer }) {
  const ref = useFormFeedback<OverviewAnswer, HTMLDivElement>(answer);
  return (
    <div ref={ref}>
      <AnswerMessage answer={answer} className="p-4 text-base focus:outline-none" />
    </div>
  );
}

function Progress({ run }: { run: RunProgress }) {
  if (run.stale)
    return (
      <p role="status" className="rounded-xl border border-danger bg-danger-soft p-4 text-danger">
        The check started {run.startedAt.text} stopped answering (the server running it went away). Press &ldquo;Check
        the site now&rdquo; to start again.
      </p>
    );
  const reading = run.found > 0;
  return (
    <section
      aria-labelledby="progress-heading"
      className="grid gap-3 rounded-2xl border border-primary bg-primary-soft p-4 sm:p-5"
    >
      <h2 id="progress-heading" className="text-lg font-bold text-primary-dark">
        Checking the site
      </h2>
      <p role="status" className="text-primary-dark">
        {reading
          ? `${number(run.done)} of ${number(run.found)} ${plural(run.found, "address", "addresses")} read so far`
          : "Getting ready: reading the sitemap and robots.txt"}
        {` (started ${run.startedAt.text}${run.trigger === "daily" ? ", the nightly check" : ""}).`}
      </p>
      <progress
        aria-labelledby="progress-heading"
        max={Math.max(run.found, 1)}
        value={run.done}
        className="h-3 w-full accent-primary"
      />
      <p className="text-sm text-primary-dark">
        You can leave this page: the check goes on, and its results appear here when it ends.{" "}
        <Link to={hrefWith(SEO_PATH, {})} className={linkClass}>
          Refresh to see how far it has got
        </Link>
      </p>
    </section>
  );
}

function Summary({ run }: { run: RunSummary }) {
  const figures: { label: string; value: string; note: string }[] = [
    {
      label: "Site score",
      value: run.siteScore === null ? "No pages" : `${run.siteScore} / 100`,
      note: "The average of every page's score.",
    },
    ...SEVERITIES.map((severity) => ({
      label: SEVERITY_WORDS[severity].plural,
      value: number(run.counts[severity]),
      note: SEVERITY_WORDS[severity].meaning,
    })),
  ];
  return (
    <section aria-labelledby="summary-heading" className="grid gap-4">
      <h2 id="summary-heading" className="text-2xl font-bold text-primary-dark">
        The latest check
      </h2>
      <p>
        Finished <time dateTime={run.finishedAt.iso}>{run.finishedAt.text}</time>
        {run.trigger === "daily" ? " (the nightly check)" : ""}, in {duration(run.durationMs)}:{" "}
        {number(run.addressCount)} {plural(run.addressCount, "address", "addresses")} read,{" "}
        {run.addressCount === 1
          ? run.pageCount === 1
            ? "a page"
            : "not a page"
          : `${number(run.pageCount)} of them pages`}
        .
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="grid content-start gap-1 rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{figure.label}</dt>
            <dd className="text-3xl font-bold text-ink tabular-nums">{figure.value}</dd>
            <dd className="text-sm text-muted">{figure.note}</dd>
          </div>
        ))}
      </dl>
      {run.limitReached ? (
        <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
          The check stopped after {number(run.addressCount)} addresses, its limit: links from the last pages read were
          not followed.
        </p>
      ) : null}
      {run.sitemapError || run.robotsError ? (
        <p role="status" className="rounded-xl border border-danger bg-danger-soft p-3 text-sm text-danger">
          {[
            run.sitemapError && `The sitemap could not be read (${run.sitemapError}).`,
            run.robotsError && `The robots.txt file could not be read (${run.robotsError}).`,
          ]
            .filter(Boolean)
            .join(" ")}
        </p>
      ) : null}
      <details className="rounded-xl border border-line bg-surface p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-primary-dark">How the scores are worked out</summary>
        <p className="mt-2 max-w-prose">{SCORE_EXPLAINED}</p>
      </details>
    </section>
  );
}

function ProblemFilters({ data }: { data: OverviewData }) {
  const { filters } = data;
  const chips = [
    ...(filters.severity
      ? [
          {
            label: `Severity: ${SEVERITY_WORDS[filters.severity].label}`,
            removeHref: hrefWith(SEO_PATH, { kind: filters.kind }),
          },
        ]
      : []),
    ...(filters.kind
      ? [
          {
            label: `Kind: ${PROBLEMS[filters.kind].title}`,
            removeHref: hrefWith(SEO_PATH, { severity: filters.severity }),
          },
        ]
      : []),
  ];
  const kinds = [...PROBLEM_CODES].sort(
    (a, b) => SEVERITY_RANK[PROBLEMS[a].severity] - SEVERITY_RANK[PROBLEMS[b].severity],
  );
  return (
    <div className="grid gap-3">
      {data.ignored.length > 0 ? (
        <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
          Part of this address was not understood and was left out ({data.ignored.join(", ")}).
        </p>
      ) : null}
      <FilterForm label="Filter the problems" action={SEO_PATH} clearHref={chips.length > 0 ? SEO_PATH : undefined}>
        <FilterSelect
          id="filter-severity"
          name="severity"
          label="Severity"
          allLabel="Every severity"
          value={filters.severity}
          options={SEVERITIES.map((value: Severity) => ({ value, label: SEVERITY_WORDS[value].label }))}
        />
        <FilterSelect
          id="filter-kind"
          name="kind"
          label="Kind of problem"
          allLabel="Every kind"
          value={filters.kind}
          options={kinds.map((value) => ({ value, label: PROBLEMS[value].title }))}
        />
      </FilterForm>
      <ActiveFilters filters={chips} />
    </div>
  );
}
