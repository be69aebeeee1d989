import { clientContext, databaseContext, staffContext } from "~/context";
import type { BudgetAnswer } from "~/features/ad-performance/ads-types";
import { budgetsPageData, runBudgetAction } from "~/features/ad-performance/budgets-page.server";
import { BudgetsPage } from "~/features/ad-performance/components/budgets-page";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import type { Route } from "./+types/google-ads-budgets";

export function meta() {
  return [{ title: "Google Ads budgets · Staff area" }];
}

/** /admin/google-ads/budgets (governed by the Ads page in access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return readForStaff(() => budgetsPageData(db, new URL(request.url)));
}

/** Sets or ends a monthly budget, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  try {
    const { status, answer } = await runBudgetAction(db, { id: user.id, email: user.email, ip }, request);
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: "set", values: {} });
  }
}

export default function GoogleAdsBudgetsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <BudgetsPage view={loaderData} answer={actionData as BudgetAnswer | undefined} />;
}
