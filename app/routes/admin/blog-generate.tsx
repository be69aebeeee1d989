import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { GeneratorPage } from "~/features/blog-generator/components/generator-page";
import { generatorPageData, saveDraftAction } from "~/features/blog-generator/generator-page.server";
import { writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/blog-generate";

export function meta() {
  return [{ title: "Blog draft generator · Staff area" }];
}

/** /admin/blog/generate (access.ts: `blog`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => generatorPageData(db, context.get(servicesContext).blogAi));
}

/** "Save as draft": a new draft post (audited), then its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    return await saveDraftAction(db, { id: user.id, email: user.email, ip }, values);
  } catch (error) {
    return writeFailed(error, context, { intent: "save-draft", values: { title: values?.title ?? "" } });
  }
}

export default function BlogGenerateRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <GeneratorPage data={loaderData} answer={actionData} />;
}
