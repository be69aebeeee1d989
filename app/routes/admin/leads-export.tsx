import { redirect } from "react-router";
import { databaseContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ExportPage, type ExportAnswer } from "~/features/lead-inbox/components/export-page";
import { EXPORT_PAGE_PATH, exportFileHref, readExportColumns } from "~/features/lead-inbox/export-columns";
import { prepareExport } from "~/features/lead-inbox/export.server";
import { readInboxView } from "~/features/lead-inbox/inbox-params";
import { refused } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { hrefWith } from "~/lib/url-filters";
import { filterParams } from "~/features/lead-inbox/inbox-params";
import type { Route } from "./+types/leads-export";

export function meta() {
  return [{ title: "Export leads · Staff area" }];
}

/** How many leads the inbox's filters hold, for intake and administrators (access.ts, under the inbox). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { filters } = readInboxView(new URL(request.url).searchParams);
  const { count } = await readForStaff(() => prepareExport(db, filters, user.id));
  return { filters, count };
}

/**
 * The chosen columns: 400 when none (or an unknown one), 422 when no lead
 * matches, otherwise on to the file itself (a GET, audited when it is read).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { filters } = readInboxView(new URL(request.url).searchParams);
  const posted = await readFormValues(request, ["columns"]);
  const columns = readExportColumns(posted?.columns ?? null);
  if (!columns) {
    return refused<"columns">({
      message: "Please choose the columns the file should hold.",
      fields: { columns: "Choose at least one column." },
      values: { columns: posted?.columns ?? "" },
    });
  }
  const { count } = await readForStaff(() => prepareExport(db, filters, user.id));
  if (count === 0) {
    return refused<"columns">(
      {
        message: "No leads match these filters, so there is nothing to export.",
        values: { columns: columns.join(",") },
      },
      422,
    );
  }
  return redirect(exportFileHref(filters, columns), 303);
}

export default function LeadsExport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ExportPage
      filters={loaderData.filters}
      count={loaderData.count}
      answer={actionData as ExportAnswer | undefined}
      action={hrefWith(EXPORT_PAGE_PATH, filterParams(loaderData.filters))}
    />
  );
}
