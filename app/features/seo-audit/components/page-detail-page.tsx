import type * as React from "react";
import { Link } from "react-router";
import { EmptyState } from "~/components/staff/page-header";
import { SeoFrame } from "~/features/seo-staff/components/seo-frame";
import { SERP_LIMITS } from "~/features/seo-text/serp-width";
import { clinicDayOf, formatClinicDateTime, formatClinicDay } from "~/lib/clinic-time";
import { pageDetailHref, pageSettingsHref, SEO_PAGES_PATH, SEO_PATH } from "../audit-paths";
import { NOT_INDEXABLE_REASONS, type PageDetail, type PageDetailView } from "../audit-types";
import { PROBLEMS } from "../problem-catalogue";
import { problemParticulars, statusWords } from "../problem-words";
import { PAGE_KINDS } from "../site-paths";
import { PROFILES } from "../structured-data";
import { FixLink, linkClass } from "./problem-list";
import { ScoreText, SeverityBadge } from "./severity-badge";
import { plural } from "~/lib/plural";

const number = (n: number | null) => (n === null ? "–" : n.toLocaleString("en-US"));
const sectionClass = "grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5";
const headingClass = "text-xl font-bold text-primary-dark";

/** /admin/seo/pages/detail?path=…: everything the latest check found on one address. */
export function PageDetailPage({ view }: { view: PageDetailView }) {
  if (view.state !== "found")
    return (
      <SeoFrame
        title="Page not in the check"
        description={<p>One address&rsquo;s facts, as the latest check read them.</p>}
      >
        <EmptyState
          title={
            view.state === "no-audit"
              ? "The site has not been checked yet"
              : `The latest check did not read ${view.path}`
          }
        >
          {view.state === "no-audit" ? (
            <Link to={SEO_PATH} className={linkClass}>
              Start the first check on the audit page
            </Link>
          ) : (
            <>
              It found no link to it, and it is not in the sitemap.{" "}
              <Link to={SEO_PAGES_PATH} className={linkClass}>
                Back to the page list
              </Link>
            </>
          )}
        </EmptyState>
      </SeoFrame>
    );
  const { page } = view;
  return (
    <SeoFrame
      title={page.path}
      description={
        <p>
          {PAGE_KINDS[page.kind]}, as the check finished {formatClinicDateTime(new Date(view.finishedAt))} read it.{" "}
          <Link to={SEO_PAGES_PATH} className={linkClass}>
            Back to the page list
          </Link>
        </p>
      }
    >
      <Facts page={page} />
      <ProblemsSection page={page} />
      {page.status === 200 && page.title !== null ? <SearchResult page={page} /> : null}
      {page.redirectHops.length > 1 ? (
        <section aria-labelledby="hops-heading" className={sectionClass}>
          <h2 id="hops-heading" className={headingClass}>
            Where it redirects
          </h2>
          <ol className="grid list-decimal gap-1 pl-6">
            {page.redirectHops.map((hop, i) => (
              <li key={`${hop}-${i}`} className="break-all">
                {hop}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {page.headings.length > 0 ? <Outline page={page} /> : null}
      <Links title="Pages that link here" id="links-in" paths={page.linksIn} empty="No page of the site links here." />
      <Links
        title="Addresses this page links to"
        id="links-out"
        paths={page.linksOut}
        empty="No links to other pages of the site."
      />
      {page.status === 200 ? <StructuredData page={page} /> : null}
      {page.imagesWithoutAlt.length > 0 ? (
        <section aria-labelledby="images-heading" className={sectionClass}>
          <h2 id="images-heading" className={headingClass}>
            Images without a description
          </h2>
          <ul className="grid gap-1">
            {page.imagesWithoutAlt.map((src, i) => (
              <li key={`${src}-${i}`} className="break-all">
                {src}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SeoFrame>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

function Facts({ page }: { page: PageDetail }) {
  return (
    <section aria-labelledby="facts-heading" className={sectionClass}>
      <h2 id="facts-heading" className={headingClass}>
        At a glance
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <Row term="Score">
          <ScoreText score={page.score} />
        </Row>
        <Row term="Answer">
          {statusWords(page.status)}
          {page.location ? ` to ${page.location}` : ""}
        </Row>
        <Row term="Can be found in search">
          {page.indexable ? "Yes" : `No: ${page.notIndexable.map((r) => NOT_INDEXABLE_REASONS[r]).join("; ")}`}
        </Row>
        <Row term="In the sitemap">{page.inSitemap ? "Yes" : "No"}</Row>
        {page.status === 200 ? (
          <>
            <Row term="Words">{number(page.wordCount)}</Row>
            <Row term="Main headings (H1)">{number(page.h1Count)}</Row>
            <Row term="Speed for real visitors">
              {page.lcpP75Ms === null
                ? `Not enough visits to tell (${number(page.lcpSamples)} ${plural(page.lcpSamples, "measurement", "measurements")} in 28 days)`
                : `Main content shown within ${(page.lcpP75Ms / 1000).toFixed(1)} s for three visits in four (${number(page.lcpSamples)} ${plural(page.lcpSamples, "measurement", "measurements")} in 28 days)`}
            </Row>
          </>
        ) : null}
        <Row term="Last changed">
          {page.lastModified ? formatClinicDay(clinicDayOf(new Date(page.lastModified))) : "Not known"}
        </Row>
      </dl>
    </section>
  );
}

function ProblemsSection({ page }: { page: PageDetail }) {
  return (
    <section aria-labelledby="page-problems-heading" className={sectionClass}>
      <h2 id="page-problems-heading" className={headingClass}>
        Problems
      </h2>
      {page.problems.length === 0 ? (
        <p>None found on this page.</p>
      ) : (
        <ul className="grid gap-4">
          {page.problems.map((problem, i) => {
            const kind = PROBLEMS[problem.code];
            const particulars = problemParticulars(problem.code, problem.details);
            return (
              <li
                key={`${problem.code}-${i}`}
                className="grid gap-1 border-t border-line pt-3 first:border-t-0 first:pt-0"
              >
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <SeverityBadge severity={kind.severity} />
                  {kind.title}
                </p>
                {particulars ? <p>{particulars}</p> : null}
                <p className="text-sm text-muted">
                  {kind.why} {kind.fix}
                </p>
                <FixLink code={problem.code} path={page.path} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SearchResult({ page }: { page: PageDetail }) {
  // Google's widths are estimates: "may be cut".
  const cutWords = (px: number | null, desktop: number, mobile: number) =>
    px === null
      ? ""
      : px > desktop
        ? ", may be cut on computers and phones"
        : px > mobile
          ? ", may be cut on phones"
          : "";
  return (
    <section aria-labelledby="result-heading" className={sectionClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="result-heading" className={headingClass}>
          In a search result
        </h2>
        <Link to={pageSettingsHref(page.path)} className={linkClass}>
          Edit search settings<span className="sr-only"> of {page.path}</span>
        </Link>
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <Row term="Title">
          {page.title || "None"}{" "}
          <span className="text-sm text-muted">
            ({number(page.titleChars)} characters, {number(page.titleWidthPx)} px
            {cutWords(page.titleWidthPx, SERP_LIMITS.title.desktopPx, SERP_LIMITS.title.mobilePx)})
          </span>
        </Row>
        <Row term="Description">
          {page.description || "None"}{" "}
          {page.description ? (
            <span className="text-sm text-muted">
              ({number(page.descriptionChars)} characters, {number(page.descriptionWidthPx)} px
              {cutWords(page.descriptionWidthPx, SERP_LIMITS.description.desktopPx, SERP_LIMITS.description.mobilePx)})
            </span>
          ) : null}
        </Row>
        <Row term="Main address (canonical)">{page.canonical ?? "None"}</Row>
        <Row term="Share preview">
          {[...(page.openGraphMissing ?? []), ...(page.twitterMissing ?? [])].length === 0
            ? "Complete (Open Graph and Twitter card)"
            : `Missing ${[...(page.openGraphMissing ?? []), ...(page.twitterMissing ?? [])].join(", ")}`}
        </Row>
      </dl>
    </section>
  );
}

function Outline({ page }: { page: PageDetail }) {
  return (
    <section aria-labelledby="outline-heading" className={sectionClass}>
      <h2 id="outline-heading" className={headingClass}>
        Heading outline
      </h2>
      <ul className="grid gap-1">
        {page.headings.map((heading, i) => (
          <li key={`${heading.level}-${i}`} style={{ paddingLeft: `${(heading.level - 1) * 1.25}rem` }}>
            <span className="mr-2 inline-block min-w-8 rounded bg-sand px-1.5 text-xs font-semibold text-muted">
              H{heading.level}
            </span>
            {heading.text || <span className="text-muted">(empty)</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Links({ title, id, paths, empty }: { title: string; id: string; paths: string[]; empty: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className={headingClass}>
        {title} <span className="text-muted">({number(paths.length)})</span>
      </h2>
      {paths.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {paths.map((path) => (
            <li key={path}>
              <Link to={pageDetailHref(path)} className={`${linkClass} break-all`}>
                {path}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StructuredData({ page }: { page: PageDetail }) {
  return (
    <section aria-labelledby="structured-heading" className={sectionClass}>
      <h2 id="structured-heading" className={headingClass}>
        Structured data
      </h2>
      {page.structuredTypes.length === 0 ? (
        <p>None on this page.</p>
      ) : (
        <>
          <p>Types found: {page.structuredTypes.join(", ")}.</p>
          {page.structuredItems.length > 0 ? (
            <ul className="grid gap-2">
              {page.structuredItems.map((item, i) => {
                const profile = PROFILES[item.profile];
                return (
                  <li key={`${item.profile}-${i}`}>
                    <span className="font-semibold">{profile.label}</span> ({item.types.join(", ")}):{" "}
                    {item.missingRequired.length > 0
                      ? `lacks what Google requires: ${item.missingRequired.join(", ")}.`
                      : profile.required.length > 0
                        ? "has everything Google requires."
                        : item.missingRecommended.length > 0
                          ? `Google requires nothing; it recommends ${item.missingRecommended.join(", ")}, which are missing.`
                          : "Google requires nothing, and every property it recommends is there."}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
