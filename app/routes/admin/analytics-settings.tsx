import { clientContext, databaseContext, staffContext } from "~/context";
import { AnalyticsSettingsPage } from "~/features/web-analytics/components/settings-page";
import { analyticsSettingsPageData, runAnalyticsSettingsAction } from "~/features/web-analytics/settings-page.server";
import type { AnalyticsSettingsAnswer } from "~/features/web-analytics/settings-page-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/analytics-settings";

export function meta() {
  return [{ title: "Analytics settings · Staff area" }];
}

/** /admin/analytics/settings: how long analytics are kept (access.ts: administrators only). */
export async function loader({ context }: Route.LoaderArgs) {
  return analyticsSettingsPageData(context.get(databaseContext).db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runAnalyticsSettingsAction(db, { id: user.id, email: user.email, ip }, values);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function AnalyticsSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AnalyticsSettingsPage data={loaderData} answer={actionData as AnalyticsSettingsAnswer | undefined} />;
}
