import { data } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ContentPage } from "~/features/content-editing/components/content-page";
import { contentPageData, runContentAction } from "~/features/content-editing/content-page.server";
import type { ContentAnswer } from "~/features/content-editing/content-page-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/content";

export function meta() {
  return [{ title: "Site content · Staff area" }];
}

/** /admin/content (access.ts `content`: admin and marketing). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return data(await readForStaff(() => contentPageData(db, context.get(configContext).publicUrl)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runContentAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip },
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, {
      intent: values?.intent ?? "",
      target: values?.target ?? "",
      values: values ?? {},
    });
  }
}

export default function ContentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentPage data={loaderData} answer={actionData as ContentAnswer | undefined} />;
}
