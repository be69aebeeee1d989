import { clientContext, configContext, databaseContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ImportPage } from "~/features/search-console/components/import-page";
import { importsPageData, runImportAction } from "~/features/search-console/import-page.server";
import type { ImportAnswer } from "~/features/search-console/search-console-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import type { Route } from "./+types/seo-search-console-import";

export function meta() {
  return [{ title: "Import from Search Console · Staff area" }];
}

/** /admin/seo/search-console/import (governed by the Search Console page in access.ts: admin and marketing). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { publicUrl } = context.get(configContext);
  return readForStaff(() => importsPageData(db, publicUrl));
}

/** Preview, save or delete (multipart, bounded by app/lib/upload-limits.ts before it gets here). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const { publicUrl } = context.get(configContext);
  try {
    const { status, answer } = await runImportAction(db, publicUrl, { id: user.id, email: user.email, ip }, request);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: "", values: {} });
  }
}

export default function SeoSearchConsoleImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage {...loaderData} answer={actionData as ImportAnswer | undefined} />;
}
