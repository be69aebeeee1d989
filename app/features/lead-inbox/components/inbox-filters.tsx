import { leadFormTypes } from "~/db/schema/lead-values";
import { FilterDate, FilterForm, FilterSelect } from "~/components/staff/filter-form";
import { Field, inputClass } from "~/components/ui/field";
import { CHANNELS } from "~/features/analytics/traffic-source";
import { formTypeWords } from "~/features/leads/lead-words";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";
import {
  hasFilters,
  inboxHref,
  statusChoices,
  statusChoiceWords,
  type InboxFilters,
  type InboxSort,
} from "../inbox-params";

export interface InboxChoices {
  services: string[];
  campaigns: string[];
  assignees: { id: string; name: string }[];
}

/** The inbox's filters, as a GET form: the view is in the address. */
export function InboxFilterForm({
  filters,
  sort,
  choices,
  promiseHours,
}: {
  filters: InboxFilters;
  sort: InboxSort;
  choices: InboxChoices;
  promiseHours: number;
}) {
  return (
    <FilterForm
      label="Filter the leads"
      action={LEADS_INBOX_PATH}
      clearHref={hasFilters(filters) ? inboxHref({}, sort) : undefined}
    >
      {sort !== "newest" ? <input type="hidden" name="sort" value={sort} /> : null}
      <FilterSelect
        id="filter-status"
        name="status"
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={statusChoices.map((value) => ({ value, label: statusChoiceWords[value] }))}
      />
      <FilterSelect
        id="filter-form"
        name="form"
        label="Form"
        allLabel="All forms"
        value={filters.form}
        options={leadFormTypes.map((value) => ({ value, label: formTypeWords[value] }))}
      />
      <FilterSelect
        id="filter-service"
        name="service"
        label="Service"
        allLabel="All services"
        value={filters.service}
        options={withCurrent(choices.services, filters.service).map((value) => ({ value, label: value }))}
      />
      <FilterSelect
        id="filter-channel"
        name="channel"
        label="Channel"
        allLabel="All channels"
        value={filters.channel}
        options={CHANNELS.map((value) => ({ value, label: value }))}
      />
      <Field id="filter-campaign" label="Campaign" hint="(as in utm_campaign)">
        <input
          id="filter-campaign"
          name="campaign"
          list="filter-campaign-list"
          defaultValue={filters.campaign ?? ""}
          maxLength={200}
          className={inputClass}
        />
        <datalist id="filter-campaign-list">
          {choices.campaigns.map((campaign) => (
            <option key={campaign} value={campaign} />
          ))}
        </datalist>
      </Field>
      <FilterDate id="filter-from" name="from" label="Received from" value={filters.from} />
      <FilterDate id="filter-to" name="to" label="Received until" value={filters.to} />
      <FilterSelect
        id="filter-assigned"
        name="assigned"
        label="Assigned to"
        allLabel="Anyone or nobody"
        value={filters.assigned}
        options={[
          { value: "me", label: "Me" },
          { value: "none", label: "Nobody" },
          ...choices.assignees.map((person) => ({ value: person.id, label: person.name })),
        ]}
      />
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
        <input
          id="filter-overdue"
          name="overdue"
          type="checkbox"
          value="1"
          defaultChecked={filters.overdue ?? false}
          className="size-6 accent-primary"
        />
        <label htmlFor="filter-overdue" className="font-medium">
          Only requests past the {promiseHours}-hour promise with no contact yet
        </label>
      </div>
    </FilterForm>
  );
}

/** A value from the address stays choosable even when it is no longer in the list. */
function withCurrent(options: string[], current: string | undefined): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}
