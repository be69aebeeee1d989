import { data } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { TeamEditor } from "~/features/content-editing/components/team-editor";
import { entryOf, runTeamAction, teamEditorData } from "~/features/content-editing/team-page.server";
import type { TeamAnswer } from "~/features/content-editing/team-page-types";
import { TEAM_LIST_FIELDS } from "~/features/content-editing/team-rules";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/content-team-member";

export function meta({ loaderData }: Route.MetaArgs) {
  const who = loaderData?.id === null ? "New team member" : (loaderData?.values.name ?? "Team member");
  return [{ title: `${who} · Site content · Staff area` }];
}

/** The member's id, null for /admin/content/team/new; 404 for anything else. */
function memberId(param: string | undefined): number | null {
  if (param === undefined) return null;
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param) || id <= 0) throw data(null, { status: 404 });
  return id;
}

/** /admin/content/team/new and /admin/content/team/{id} (access.ts `content`). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const created = new URL(request.url).searchParams.get("published") === "new";
  const found = await readForStaff(() =>
    teamEditorData(
      db,
      memberId(params.id),
      context.get(configContext).publicUrl,
      created,
      created ? entryOf(request) : null,
    ),
  );
  if (!found) throw data(null, { status: 404 });
  return data(found);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request, TEAM_LIST_FIELDS);
  try {
    const result = await runTeamAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip },
      memberId(params.id),
      values,
    );
    if (result instanceof Response) return result;
    return answerWith(result.status, result.answer);
  } catch (error) {
    if (error instanceof Response) throw error;
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function ContentTeamMemberRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamEditor data={loaderData} answer={actionData as TeamAnswer | undefined} />;
}
