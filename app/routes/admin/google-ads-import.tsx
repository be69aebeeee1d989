import { clientContext, databaseContext, staffContext } from "~/context";
import { ImportPage } from "~/features/ad-performance/components/import-page";
import { importPageData, runImportAction } from "~/features/ad-performance/import-page.server";
import type { ImportAnswer } from "~/features/ad-performance/ads-types";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import type { Route } from "./+types/google-ads-import";

export function meta() {
  return [{ title: "Import from Google Ads · Staff area" }];
}

/** /admin/google-ads/import (governed by the Ads page in access.ts: admin and marketing). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => importPageData(db));
}

/** Preview or save (multipart, bounded by app/lib/upload-limits.ts before it gets here). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  try {
    const { status, answer } = await runImportAction(db, { id: user.id, email: user.email, ip }, request);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: "", values: {} });
  }
}

export default function GoogleAdsImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage {...loaderData} answer={actionData as ImportAnswer | undefined} />;
}
