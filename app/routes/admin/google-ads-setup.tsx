import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { SetupPage } from "~/features/ads-setup/components/setup-page";
import { runSetupAction, setupPageData } from "~/features/ads-setup/setup-page.server";
import type { SetupAnswer } from "~/features/ads-setup/setup-types";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/google-ads-setup";

export function meta() {
  return [{ title: "Google Ads set-up · Staff area" }];
}

/** /admin/google-ads-setup (access.ts: administrators only); ?check=/path runs the live check. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => setupPageData(db, context.get(configContext).publicUrl, new URL(request.url)));
}

/** Saves the set-up, audited; every instance and its page cache follow. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runSetupAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip },
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function GoogleAdsSetupRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SetupPage data={loaderData} answer={actionData as SetupAnswer | undefined} />;
}
