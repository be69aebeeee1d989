import { databaseContext, staffContext } from "~/context";
import { can } from "~/features/auth/access";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { InboxPage } from "~/features/lead-inbox/components/inbox-page";
import type { SearchAnswer } from "~/features/lead-inbox/inbox-search";
import { runInboxAction } from "~/features/lead-inbox/inbox-action.server";
import { toInboxItem } from "~/features/lead-inbox/inbox-items";
import { inboxHref, readInboxView } from "~/features/lead-inbox/inbox-params";
import { loadInbox } from "~/features/lead-inbox/inbox.server";
import { answerWith } from "~/lib/form-answer.server";
import type { Route } from "./+types/leads";

export function meta() {
  return [{ title: "Leads · Staff area" }];
}

/**
 * /admin/lead-insights/leads: every lead, for intake and administrators
 * (access.ts). The view (filters, sort, page) is the address; a search by
 * name, e-mail or phone is posted to the action instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const url = new URL(request.url);
  const view = readInboxView(url.searchParams);
  const now = new Date();
  const inbox = await readForStaff(() => loadInbox(db, view, user.id, now));
  const paged = Boolean(view.after || view.before);
  return {
    items: inbox.page.rows.map((row) => toInboxItem(row, now, inbox.promiseHours)),
    filters: view.filters,
    sort: view.sort,
    ignored: view.ignored,
    pages: {
      first: paged ? inboxHref(view.filters, view.sort) : undefined,
      next: inbox.page.next ? inboxHref(view.filters, view.sort, { after: inbox.page.next }) : undefined,
      previous: inbox.page.previous ? inboxHref(view.filters, view.sort, { before: inbox.page.previous }) : undefined,
    },
    choices: { services: inbox.services, campaigns: inbox.campaigns, assignees: inbox.assignees },
    promiseHours: inbox.promiseHours,
    canChangeSettings: can(user.roles, "manage-staff"),
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const view = readInboxView(new URL(request.url).searchParams);
  const { status, answer } = await runInboxAction(db, request, context, view, user.id);
  return answerWith(status, answer);
}

export default function LeadsInbox({ loaderData, actionData }: Route.ComponentProps) {
  return <InboxPage {...loaderData} search={actionData as SearchAnswer | undefined} />;
}
