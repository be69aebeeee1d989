import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { cn } from "~/lib/cn";
import { auditPageHref, NO_ACCOUNT, type AuditFilters } from "../audit-filters";
import type { AuditPage as AuditPageData, AuditRow, Option } from "../audit-log.server";
import { staffPath } from "~/lib/staff-area";

const number = new Intl.NumberFormat("en-US");

export interface AuditPageProps {
  log: AuditPageData;
  filters: Omit<AuditFilters, "page">;
  actions: Option[];
  people: Option[];
}

/** The audit trail, read-only: filters, one page of entries, and the way to older and newer ones. */
export function AuditPage({ log, filters, actions, people }: AuditPageProps) {
  const filtered = Boolean(filters.action || filters.user);
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-primary-dark">Audit log</h1>
        <p className="max-w-prose text-muted">
          Every sign-in, sign-out and change in the staff area, newest first. Entries can never be changed or deleted.
          Times are the clinic&rsquo;s (Eastern time).
        </p>
      </div>

      <AuditFilterForm
        // A new set of filters (a link, the back button) redraws the form with them.
        key={`${filters.action ?? ""}|${filters.user ?? ""}`}
        filters={filters}
        actions={actions}
        people={people}
      />

      <p role="status" className="font-semibold">
        {log.total === 0
          ? filtered
            ? "No entries match these filters."
            : "The audit log has no entries yet."
          : `Showing ${number.format(log.from)}–${number.format(log.to)} of ${number.format(log.total)} ${
              log.total === 1 ? "entry" : "entries"
            }${filtered ? " matching these filters" : ""}.`}
      </p>

      {log.entries.length > 0 ? (
        <ScrollRegion label="Audit log entries">
          <table className={tableClass}>
            <caption className={cn(captionClass, "sr-only")}>Audit log entries, newest first</caption>
            <thead>
              <tr>
                {["When", "Who", "What", "Target", "IP address", "Details"].map((heading) => (
                  <th key={heading} scope="col" className={headCellClass}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <AuditEntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}

      {log.pageCount > 1 ? <AuditPagination filters={filters} page={log.page} pageCount={log.pageCount} /> : null}
    </div>
  );
}

function AuditFilterForm({ filters, actions, people }: Omit<AuditPageProps, "log">) {
  return (
    <Form
      method="get"
      action={staffPath("audit")}
      role="search"
      aria-label="Filter the audit log"
      className="flex flex-wrap items-end gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <Field id="audit-action" label="What happened" className="min-w-56 flex-1">
        <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={inputClass}>
          <option value="">Everything</option>
          {actions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="audit-user" label="Who" className="min-w-56 flex-1">
        <select id="audit-user" name="user" defaultValue={filters.user ?? ""} className={inputClass}>
          <option value="">Everyone</option>
          {people.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value={NO_ACCOUNT}>No account (an address typed at sign-in)</option>
        </select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary">
          Show entries
        </Button>
        {filters.action || filters.user ? (
          <Link to={staffPath("audit")} className="font-semibold text-primary underline underline-offset-4">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function Unknown({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden className="text-muted">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function Who({ who }: { who: AuditRow["who"] }) {
  if (!who) return <Unknown label="Not known" />;
  if (who.typed) {
    return (
      <>
        <span className="break-all">{who.email}</span>
        <span className="block text-xs text-muted">Address typed at sign-in</span>
      </>
    );
  }
  return (
    <>
      <span className="font-semibold">{who.name ?? "Account no longer listed"}</span>
      {who.email ? <span className="block text-xs break-all text-muted">{who.email}</span> : null}
    </>
  );
}

function AuditEntryRow({ entry }: { entry: AuditRow }) {
  return (
    <tr>
      <td className={cn(cellClass, "whitespace-nowrap")}>
        <time dateTime={entry.at} title={entry.at}>
          {entry.atText}
        </time>
      </td>
      <td className={cn(cellClass, "min-w-48")}>
        <Who who={entry.who} />
      </td>
      <td className={cn(cellClass, "min-w-40")}>{entry.actionLabel}</td>
      <td className={cellClass}>{entry.target ?? <Unknown label="None" />}</td>
      <td className={cn(cellClass, "whitespace-nowrap tabular-nums")}>{entry.ip || <Unknown label="Not known" />}</td>
      <td className={cn(cellClass, "min-w-48")}>{entry.detail || <Unknown label="None" />}</td>
    </tr>
  );
}

function AuditPagination({
  filters,
  page,
  pageCount,
}: {
  filters: Omit<AuditFilters, "page">;
  page: number;
  pageCount: number;
}) {
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label="Audit log pages">
      <ul className="flex flex-wrap items-center gap-3">
        {page > 1 ? (
          <li>
            <Link to={auditPageHref(filters, page - 1)} rel="prev" className={linkClass}>
              <ChevronLeft aria-hidden className="size-4" />
              Newer entries
            </Link>
          </li>
        ) : null}
        <li className="text-sm font-semibold">
          Page {number.format(page)} of {number.format(pageCount)}
        </li>
        {page < pageCount ? (
          <li>
            <Link to={auditPageHref(filters, page + 1)} rel="next" className={linkClass}>
              Older entries
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
