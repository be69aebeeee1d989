import { data, redirect } from "react-router";
import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ItemPage } from "~/features/content-editing/components/item-page";
import { itemPath, listPath, type ItemAnswer } from "~/features/content-editing/content-lists";
import {
  confirmed,
  contentListOf,
  itemPageData,
  runListAction,
} from "~/features/content-editing/content-lists-page.server";
import { CONTENT_PATH } from "~/lib/content-paths";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/content-item";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.spec.title ?? "Content"} · Site content · Staff area` }];
}

/** The list and the item the address names ("new": an item to add); 404 otherwise. */
function addressed(params: Route.LoaderArgs["params"]) {
  const key = contentListOf(params.list);
  const id = params.id === "new" ? null : /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!key || id === 0) throw data(null, { status: 404 });
  return { key, id };
}

/** /admin/content/:list/:id and /admin/content/:list/new (access.ts `content`): one item's editor. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { key, id } = addressed(params);
  const page = await readForStaff(() => itemPageData(db, key, id));
  if (!page) throw data(null, { status: 404 });
  return data({ ...page, added: confirmed(request, "added") });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { key, id } = addressed(params);
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const result = await runListAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip },
      key,
      id,
      values,
    );
    // Added: on to the new item's own editor; deleted (or an addition undone): back to the list. `done` has
    // the page say what happened, `entry` names the audit entry its Undo reverts.
    const undo = result.entry ? `&entry=${result.entry}` : "";
    if (result.deleted) return redirect(`${listPath(CONTENT_PATH, key)}?done=deleted${undo}`, 303);
    if (result.undone) return redirect(`${listPath(CONTENT_PATH, key)}?done=undone`, 303);
    if (id === null && result.savedId !== undefined && result.answer.ok)
      return redirect(`${itemPath(CONTENT_PATH, key, result.savedId)}?done=added${undo}`, 303);
    return answerWith(result.status, result.answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: values ?? {} });
  }
}

export default function ContentItemRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemPage data={loaderData} answer={actionData as ItemAnswer | undefined} />;
}
