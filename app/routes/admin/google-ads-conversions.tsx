import { clientContext, databaseContext, staffContext } from "~/context";
import type { ConversionAnswer } from "~/features/ad-performance/ads-types";
import { ConversionsPage } from "~/features/ad-performance/components/conversions-page";
import { conversionsPageData, runConversionsAction } from "~/features/ad-performance/conversions-page.server";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import type { Route } from "./+types/google-ads-conversions";

export function meta() {
  return [{ title: "Offline conversions for Google Ads · Staff area" }];
}

/** /admin/google-ads/conversions (governed by the Ads page in access.ts: admin and marketing). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => conversionsPageData(db));
}

/** Checks a period, or makes its file (recorded, audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  try {
    const { status, answer } = await runConversionsAction(db, { id: user.id, email: user.email, ip }, request);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: "prepare", values: {} });
  }
}

export default function GoogleAdsConversionsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ConversionsPage view={loaderData} answer={actionData as ConversionAnswer | undefined} />;
}
