import { clientContext, databaseContext, staffContext } from "~/context";
import { leadReportCsv } from "~/features/lead-report/report-export.server";
import type { Route } from "./+types/lead-report-csv";

/** GET /admin/lead-insights/report.csv: the report's figures as CSV (aggregates only; audited). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  return leadReportCsv(
    context.get(databaseContext).db,
    { id: user.id, email: user.email, ip },
    new URL(request.url).searchParams,
  );
}
