import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { LeadSettingsPage } from "~/features/lead-upkeep/components/lead-settings-page";
import { leadSettingsPageData, runLeadSettingsAction } from "~/features/lead-upkeep/lead-settings-page.server";
import type { LeadSettingsAnswer } from "~/features/lead-upkeep/lead-settings-page-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/lead-settings";

/**
 * /admin/lead-insights/settings: the reply promise, how long finished leads
 * are kept, the daily digest's hour, and the daily jobs' last runs
 * (access.ts lets only admins open it; the layout's middleware has checked).
 */
export function meta() {
  return [{ title: "Lead settings · Staff area" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return leadSettingsPageData(db, context.get(servicesContext).leadDigest.missing);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runLeadSettingsAction(db, { id: user.id, email: user.email, ip }, values);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function LeadSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LeadSettingsPage data={loaderData} answer={actionData as LeadSettingsAnswer | undefined} />;
}
