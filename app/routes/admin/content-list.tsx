import { data } from "react-router";
import { clientContext, databaseContext, servicesContext, staffContext } from "~/context";
import { readForStaff } from "~/features/auth/staff-guard.server";
import { ContentListPage } from "~/features/content-editing/components/content-list-page";
import type { ItemAnswer } from "~/features/content-editing/content-lists";
import {
  confirmed,
  contentListOf,
  listPageData,
  runListAction,
} from "~/features/content-editing/content-lists-page.server";
import type { MoveAnswer } from "~/features/content-editing/reorder";
import { answerWith, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/content-list";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.spec.title ?? "Content"} · Site content · Staff area` }];
}

function listOf(param: string) {
  const key = contentListOf(param);
  if (!key) throw data(null, { status: 404 });
  return key;
}

/** /admin/content/:list (access.ts `content`): the FAQ, testimonials, insurers or conditions, in order. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const key = listOf(params.list);
  const page = await readForStaff(() => listPageData(db, key));
  return data({ ...page, deleted: confirmed(request, "deleted"), undone: confirmed(request, "undone") });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const key = listOf(params.list);
  const { db } = context.get(databaseContext);
  const { user } = context.get(staffContext);
  const { ip } = context.get(clientContext);
  const values = await readFormValues(request);
  try {
    const { status, answer } = await runListAction(
      db,
      context.get(servicesContext),
      { id: user.id, email: user.email, ip },
      key,
      null,
      values,
    );
    return answerWith(status, answer);
  } catch (error) {
    return writeFailed(error, context, { intent: values?.intent ?? "", values: {} });
  }
}

export default function ContentListRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentListPage data={loaderData} answer={actionData as ItemAnswer | MoveAnswer | undefined} />;
}
