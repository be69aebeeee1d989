import { data } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { TeamList } from "~/features/content-editing/components/team-list";
import type { MoveAnswer } from "~/features/content-editing/reorder";
import { runMoveAction } from "~/features/content-editing/reorder-action.server";
import { teamListData } from "~/features/content-editing/team-page.server";
import { formAnswer } from "~/lib/form-answer";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/content-team";

export function meta() {
  return [{ title: "Team members · Site content · Staff area" }];
}

/** /admin/content/team (access.ts `content`: admin and marketing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const deleted = new URL(request.url).searchParams.get("deleted");
  return data(
    await readForStaff(() => teamListData(db, context.get(configContext).publicUrl, deleted?.slice(0, 80) ?? null)),
  );
}

/** Move up / Move down (the Content kit's list): one published, audited change each. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const moved = await runMoveAction(db, context.get(servicesContext), { id: user.id, email: user.email, ip }, values);
    if (moved) return answerWith(moved.status, moved.answer);
    return answerWith(400, formAnswer({ ok: false, message: "This form submission could not be understood." }));
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function ContentTeamRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamList data={loaderData} answer={actionData as MoveAnswer | undefined} />;
}
