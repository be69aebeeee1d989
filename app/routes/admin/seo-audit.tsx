import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { AuditOverviewPage } from "~/features/seo-audit/components/audit-overview-page";
import { auditOverview, runOverviewAction } from "~/features/seo-audit/overview.server";
import type { OverviewAnswer } from "~/features/seo-audit/overview-types";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/seo-audit";

export function meta() {
  return [{ title: "Site audit · Staff area" }];
}

/** /admin/seo (access.ts: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // Whoever sees this page may press "Check the site now": the audit's reader gets ready meanwhile.
  const { seoAudit } = context.get(servicesContext);
  seoAudit.prewarm();
  return readForStaff(() => auditOverview(db, new URL(request.url), seoAudit.progress()));
}

/** The re-check button: answered as soon as the run is claimed; the check goes on in the background. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runOverviewAction(
      db,
      context.get(servicesContext).seoAudit,
      { id: user.id, email: user.email, ip },
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "" });
  }
}

export default function SeoAuditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AuditOverviewPage data={loaderData} answer={actionData as OverviewAnswer | undefined} />;
}
