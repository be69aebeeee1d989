import { EditorPage } from "~/features/blog-editor/components/editor-page";
import { editorAction, loadEditor } from "~/features/blog-editor/editor-route.server";
import type { EditorAnswer } from "~/features/blog-editor/editor-types";
import type { Route } from "./+types/blog-new";

export function meta() {
  return [{ title: "Write a post · Staff area" }];
}

/** /admin/blog/new (access.ts: blog): the editor of a post not saved yet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadEditor(context, null, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return editorAction(context, null, request);
}

export default function BlogNewRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage {...loaderData} answer={actionData as EditorAnswer | undefined} />;
}
