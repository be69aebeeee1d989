import { data } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { PageSettingsPage } from "~/features/seo-page-settings/components/page-settings-page";
import { pageSettingsView, runPageSettingsAction } from "~/features/seo-page-settings/page-settings-page.server";
import type { PageSettingsAnswer } from "~/features/seo-page-settings/page-settings-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/seo-page";

export function meta({ loaderData }: Route.MetaArgs) {
  const path = loaderData?.kind === "editor" ? ` of ${loaderData.path}` : "";
  return [{ title: `Page settings${path} · Staff area` }];
}

/** /admin/seo/page and /admin/seo/page?path=/adhd (access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { status, view } = await readForStaff(() =>
    pageSettingsView(
      db,
      context.get(servicesContext),
      context.get(configContext).publicUrl,
      new URL(request.url),
      request.signal,
    ),
  );
  return data(view, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runPageSettingsAction(
      db,
      context.get(servicesContext),
      context.get(configContext).publicUrl,
      { id: user.id, email: user.email, ip },
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function SeoPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PageSettingsPage view={loaderData} answer={actionData as PageSettingsAnswer | undefined} />;
}
