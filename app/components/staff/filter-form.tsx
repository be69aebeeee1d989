import { X } from "lucide-react";
import type * as React from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";

/**
 * A staff list's filters: a GET form, so the filters land in the address
 * (bookmarks and the back button work, and so does a browser without
 * JavaScript), named as a search landmark. The page decides the fields.
 */
export function FilterForm({
  label,
  action,
  submitLabel = "Apply filters",
  clearHref,
  children,
  className,
}: {
  /** "Filter the leads": names the landmark. */
  label: string;
  /** The list's own path (without a query string: the fields make it). */
  action: string;
  submitLabel?: string;
  /** Shown when some filter is on: the list with none. */
  clearHref?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      preventScrollReset
      className={cn("grid gap-4 rounded-2xl border border-line bg-surface p-4", className)}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm">
          {submitLabel}
        </Button>
        {clearHref ? (
          <Link
            to={clearHref}
            className="inline-flex min-h-9 items-center font-semibold text-primary underline underline-offset-4"
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** One choice of a filter form: "All …" or one of the options. */
export function FilterSelect({
  id,
  name,
  label,
  options,
  value,
  allLabel,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly FilterOption[];
  value: string | undefined;
  /** The choice that turns this filter off ("All statuses"). */
  allLabel: string;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A date filter (the browser's date picker; typed as YYYY-MM-DD without one). */
export function FilterDate({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <Field id={id} label={label}>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} className={inputClass} />
    </Field>
  );
}

export interface ActiveFilter {
  /** "Status: New" */
  label: string;
  /** The same view without this filter. */
  removeHref: string;
}

/** The filters now on, each with a way to take it off: what the list shows is never a mystery. */
export function ActiveFilters({ filters, label = "Filters on" }: { filters: readonly ActiveFilter[]; label?: string }) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm font-semibold">{label}:</p>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <li key={filter.label}>
            <Link
              to={filter.removeHref}
              preventScrollReset
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-primary bg-primary-soft px-3 text-sm font-medium text-primary-dark hover:bg-surface"
            >
              {filter.label}
              <X aria-hidden className="size-3.5" />
              <span className="sr-only">(remove this filter)</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
