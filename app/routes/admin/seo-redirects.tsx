import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { RedirectsPage } from "~/features/seo-redirects/components/redirects-page";
import { redirectsPageData, runRedirectsAction } from "~/features/seo-redirects/redirects-page.server";
import type { RedirectsAnswer } from "~/features/seo-redirects/redirects-page-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/seo-redirects";

export function meta() {
  return [{ title: "Redirects · Staff area" }];
}

/** /admin/seo/redirects (access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return redirectsPageData(context.get(databaseContext).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runRedirectsAction(
      db,
      context.get(servicesContext).redirects,
      context.get(configContext).publicUrl,
      { id: user.id, email: user.email, ip },
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function SeoRedirectsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <RedirectsPage {...loaderData} answer={actionData as RedirectsAnswer | undefined} />;
}
