import { data } from "react-router";
import { clientContext, configContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { TeamList } from "~/features/content-editing/components/team-list";
import type { MoveAnswer } from "~/features/content-editing/reorder";
import { runMoveAction } from "~/features/content-editing/reorder-action.server";
import { UNDO_ITEM_INTENT } from "~/features/content-editing/content-lists";
import { entryOf, runTeamUndo, teamListData } from "~/features/content-editing/team-page.server";
import type { TeamAnswer } from "~/features/content-editing/team-page-types";
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
  const query = new URL(request.url).searchParams;
  const deleted = query.get("deleted")?.slice(0, 80) ?? null;
  const confirmation = {
    deleted,
    deletedEntry: deleted ? entryOf(request) : null,
    undone: query.get("undone")?.slice(0, 80) ?? null,
  };
  return data(await readForStaff(() => teamListData(db, context.get(configContext).publicUrl, confirmation)));
}

/** Move up / Move down (the Content kit's list): one published, audited change each; Undo of a deletion. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const actor = { id: user.id, email: user.email, ip };
    if (values?.intent === UNDO_ITEM_INTENT) {
      const undone = await runTeamUndo(db, context.get(servicesContext), actor, values);
      return answerWith(undone.status, undone.answer);
    }
    const moved = await runMoveAction(db, context.get(servicesContext), actor, values);
    if (moved) return answerWith(moved.status, moved.answer);
    return answerWith(400, formAnswer({ ok: false, message: "This form submission could not be understood." }));
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function ContentTeamRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamList data={loaderData} answer={actionData as MoveAnswer | TeamAnswer | undefined} />;
}
