import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { hrefWith } from "~/lib/url-filters";
import { pageDetailHref, pageSettingsHref, SEO_PAGES_PATH, SEO_PATH, SEO_REDIRECTS_PATH } from "../audit-paths";
import type { ProblemDetails } from "../audit-types";
import type { ProblemGroup } from "../overview-types";
import { PROBLEMS, SEVERITIES, SEVERITY_WORDS, type ProblemCode, type Severity } from "../problem-catalogue";
import { problemParticulars } from "../problem-words";
import { SeverityBadge } from "./severity-badge";

export const linkClass =
  "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

const number = (n: number) => n.toLocaleString("en-US");

/** Where to fix one problem, as a link (the page's search settings, or the redirects), or nothing. */
export function FixLink({ code, path }: { code: ProblemCode; path: string }) {
  const { place } = PROBLEMS[code];
  if (place === "page-settings")
    return (
      <Link to={pageSettingsHref(path)} className={linkClass}>
        Edit search settings<span className="sr-only"> of {path}</span>
      </Link>
    );
  if (place === "redirects")
    return (
      <Link to={SEO_REDIRECTS_PATH} className={linkClass}>
        Open redirects<span className="sr-only"> to fix {path}</span>
      </Link>
    );
  return null;
}

/** One problem on one page: the page (a link to its facts), what exactly is wrong, and where to fix it. */
function ProblemItem({ code, path, details }: { code: ProblemCode; path: string; details: ProblemDetails }) {
  const particulars = problemParticulars(code, details);
  return (
    <li className="grid gap-1 border-t border-line py-3 first:border-t-0 sm:grid-cols-[minmax(10rem,16rem)_1fr_auto] sm:gap-4">
      <Link to={pageDetailHref(path)} className={cn(linkClass, "font-semibold break-all")}>
        {path}
      </Link>
      <p className="text-sm break-words">
        {particulars || <span className="text-muted">{PROBLEMS[code].title}.</span>}
      </p>
      <FixLink code={code} path={path} />
    </li>
  );
}

/** One kind of problem: what it is, why it matters, how to fix it, and the pages that have it. */
function ProblemKindCard({ group, all }: { group: ProblemGroup; all: boolean }) {
  const kind = PROBLEMS[group.code];
  const headingId = `problem-${group.code}`;
  const shown = group.items.length;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-primary-dark">
          {kind.title}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <SeverityBadge severity={kind.severity} />
          <span>
            {number(group.pages)} {group.pages === 1 ? "page" : "pages"}
            {group.problems > group.pages ? ` (${number(group.problems)} in all)` : ""}
          </span>
        </p>
      </header>
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">Why it matters</dt>
        <dd>{kind.why}</dd>
        <dt className="font-semibold">How to fix it</dt>
        <dd>{kind.fix}</dd>
      </dl>
      <ul aria-label={`Pages with “${kind.title}”`} className="grid">
        {group.items.map((item, i) => (
          <ProblemItem key={`${item.path}-${i}`} code={group.code} path={item.path} details={item.details} />
        ))}
      </ul>
      {!all && group.problems > shown ? (
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to={hrefWith(SEO_PATH, { kind: group.code })} preventScrollReset className={linkClass}>
            Show all {number(group.problems)}
            <span className="sr-only"> “{kind.title}” problems</span>
          </Link>
          <Link to={hrefWith(SEO_PAGES_PATH, { problem: group.code })} className={linkClass}>
            These pages in the page list
          </Link>
        </p>
      ) : null}
    </article>
  );
}

/** The problems, most serious first: a section per severity, a card per kind of problem. */
export function ProblemList({ groups, all }: { groups: ProblemGroup[]; all: boolean }) {
  const bySeverity = new Map<Severity, ProblemGroup[]>();
  for (const group of groups) {
    const severity = PROBLEMS[group.code].severity;
    bySeverity.set(severity, [...(bySeverity.get(severity) ?? []), group]);
  }
  return (
    <div className="grid gap-8">
      {SEVERITIES.filter((severity) => bySeverity.has(severity)).map((severity) => {
        const kinds = bySeverity.get(severity)!;
        const total = kinds.reduce((n, g) => n + g.problems, 0);
        return (
          <section key={severity} aria-labelledby={`severity-${severity}`} className="grid gap-4">
            <div className="grid gap-1">
              <h2 id={`severity-${severity}`} className="text-2xl font-bold text-primary-dark">
                {SEVERITY_WORDS[severity].plural} <span className="text-muted">({number(total)})</span>
              </h2>
              <p className="text-muted">{SEVERITY_WORDS[severity].meaning}</p>
            </div>
            {kinds.map((group) => (
              <ProblemKindCard key={group.code} group={group} all={all} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
