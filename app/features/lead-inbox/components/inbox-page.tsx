import { Link, useLocation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { ActiveFilters } from "~/components/staff/filter-form";
import { KeysetPager } from "~/components/staff/keyset-pager";
import { EmptyState, PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import type { SearchAnswer } from "../inbox-search";
import { LEAD_INSIGHTS_PATH, LEAD_SETTINGS_PATH } from "~/lib/lead-paths";
import type { InboxItem } from "../inbox-items";
import { activeFilterChips, hasFilters, inboxHref, type InboxFilters, type InboxSort } from "../inbox-params";
import { exportPageHref } from "../export-columns";
import { InboxFilterForm, type InboxChoices } from "./inbox-filters";
import { InboxTable } from "./inbox-table";
import { LeadSearchForm } from "./lead-search";

export interface InboxPageProps {
  items: InboxItem[];
  filters: InboxFilters;
  sort: InboxSort;
  ignored: string[];
  pages: { next?: string; previous?: string; first?: string };
  choices: InboxChoices;
  promiseHours: number;
  canChangeSettings: boolean;
  /** The lead just deleted on request (its page sends people back here). */
  deleted: boolean;
  search: SearchAnswer | undefined;
}

/** The intake team's list of every request, to work from a desk or a phone. */
export function InboxPage(props: InboxPageProps) {
  const { items, filters, sort, ignored, pages, choices, promiseHours, search } = props;
  const { pathname, search: query } = useLocation();
  const assignedName = choices.assignees.find((person) => person.id === filters.assigned)?.name;
  const results = search?.ok ? search.results : undefined;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Leads"
        description={
          <p>
            Every request from the website, newest first: the forms people send and the taps on our phone number. We
            promise a first contact within {promiseHours} hours; a request past that with no contact yet is marked in
            red. Times are the clinic&rsquo;s (Eastern time).
          </p>
        }
        actions={
          <>
            <Link to={exportPageHref(filters)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Export as CSV
            </Link>
            <Link to={LEAD_INSIGHTS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Lead insights
            </Link>
            {props.canChangeSettings ? (
              <Link to={LEAD_SETTINGS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
                Settings
              </Link>
            ) : null}
          </>
        }
      />

      {props.deleted ? (
        <p role="status" className="rounded-xl border border-primary bg-primary-soft p-3 font-medium text-primary-dark">
          The lead was deleted, with its notes and history. The audit log keeps only that it happened and why.
        </p>
      ) : null}
      {ignored.length > 0 ? (
        <p role="status" className="rounded-xl border border-line bg-sand p-3 text-sm">
          Part of this address was not understood and was left out ({ignored.join(", ")}). The list below shows the
          rest.
        </p>
      ) : null}

      <InboxFilterForm
        key={inboxHref(filters, sort)}
        filters={filters}
        sort={sort}
        choices={choices}
        promiseHours={promiseHours}
      />
      <ActiveFilters filters={activeFilterChips(filters, sort, { assigned: assignedName })} />
      <LeadSearchForm action={`${pathname}${query}`} answer={search} />

      {results ? (
        <section aria-labelledby="search-heading" className="grid gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="search-heading" className="text-xl font-bold text-primary-dark">
              {results.length === 0
                ? "Nobody matches your search"
                : `${results.length} ${results.length === 1 ? "lead matches" : "leads match"} your search`}
            </h2>
            <Link to={inboxHref(filters, sort)} className="font-semibold text-primary underline underline-offset-4">
              Back to the list
            </Link>
          </div>
          <AnswerMessage answer={search} />
          {results.length > 0 ? (
            <InboxTable items={results} caption="Leads matching your search, newest first" />
          ) : null}
        </section>
      ) : (
        <section aria-label="The leads" className="grid gap-4">
          <InboxTable
            items={items}
            caption={`Leads, ${sortWords[sort]}`}
            sorting={{ filters, sort }}
            empty={
              hasFilters(filters) ? (
                <EmptyState title="No leads match these filters.">
                  <Link to={inboxHref({}, sort)} className="font-semibold text-primary underline underline-offset-4">
                    Show every lead
                  </Link>
                </EmptyState>
              ) : (
                <EmptyState title="No requests have come in yet.">
                  Requests sent from the website&rsquo;s forms, and taps on the phone number, appear here as they
                  arrive.
                </EmptyState>
              )
            }
          />
          <KeysetPager
            label="Pages of leads"
            firstHref={pages.first}
            previousHref={pages.previous}
            nextHref={pages.next}
          />
        </section>
      )}
    </div>
  );
}

const sortWords: Record<InboxSort, string> = {
  newest: "newest first",
  oldest: "oldest first",
  status: "by status (new first), longest waiting first within each",
  "status-desc": "by status (spam first), newest first within each",
  name: "by name, A to Z",
  "name-desc": "by name, Z to A",
};
