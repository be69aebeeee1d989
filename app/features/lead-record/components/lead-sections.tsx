import type { LeadRecord } from "../lead-record-types";
import { FactList, Section } from "./fact-list";

/** What the person sent, in their own words. */
export function RequestSection({ record }: { record: LeadRecord }) {
  return (
    <Section id="request" title="What they asked for">
      <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
        <FactList facts={record.asked} />
        {record.note ? (
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold text-muted">Their note</h3>
            <p className="rounded-xl bg-sand px-3 py-2 break-words whitespace-pre-wrap">{record.note}</p>
          </div>
        ) : null}
      </div>
    </Section>
  );
}

/** Where the request came from, and the visit that led to it when it is known. */
export function SourceSection({ record }: { record: LeadRecord }) {
  const { visit } = record;
  return (
    <Section id="source" title="Where they came from">
      <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
        <FactList facts={record.source} />
      </div>
      <div className="grid gap-3">
        <h3 className="text-lg font-bold text-primary-dark">Their visit</h3>
        {visit.known ? (
          <div className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:p-5">
            <FactList facts={visit.facts} />
            {visit.pages.length > 0 ? (
              <div className="grid gap-2">
                <h4 className="text-sm font-semibold text-muted">Pages seen, in order</h4>
                <ol className="grid gap-1.5">
                  {visit.pages.map((page) => (
                    <li key={page.key} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
                      <time dateTime={page.at.iso} className="text-sm text-muted">
                        {page.at.text}
                      </time>
                      <span className="break-all">{page.path}</span>
                    </li>
                  ))}
                </ol>
                {visit.more ? (
                  <p className="text-sm text-muted">Only the first {visit.pages.length} pages are listed.</p>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : (
          <p className="text-muted">
            Not known: the request could not be matched to a visit (sent without the site&rsquo;s own counting, or from
            a visit that had already ended).
          </p>
        )}
      </div>
    </Section>
  );
}
