import { clientContext, databaseContext, staffContext } from "~/context";
import { NotFoundPage } from "~/features/seo-redirects/components/not-found-page";
import { notFoundPageData, runNotFoundAction } from "~/features/seo-redirects/redirects-page.server";
import type { FormAnswer } from "~/lib/form-answer";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/seo-not-found";

export function meta() {
  return [{ title: "404 monitor · Staff area" }];
}

/** /admin/seo/not-found (access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return notFoundPageData(context.get(databaseContext).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runNotFoundAction(db, { id: user.id, email: user.email, ip }, values);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: {} });
  }
}

export default function SeoNotFoundRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} answer={actionData as FormAnswer | undefined} />;
}
