import { data } from "react-router";
import { EditorPage } from "~/features/blog-editor/components/editor-page";
import { editorAction, loadEditor } from "~/features/blog-editor/editor-route.server";
import type { EditorAnswer } from "~/features/blog-editor/editor-types";
import type { Route } from "./+types/blog-post";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.view.values.title || "Post"} · Blog · Staff area` }];
}

function postId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** /admin/blog/:id (access.ts: blog): a post's editor, workflow and revisions (?compare=<revision>). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadEditor(context, postId(params.id), new URL(request.url));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return editorAction(context, postId(params.id), request);
}

export default function BlogPostEditorRoute({ loaderData, actionData }: Route.ComponentProps) {
  // Keyed by post: the fields are the editor's own state, started from the loaded post.
  return <EditorPage key={loaderData.view.id} {...loaderData} answer={actionData as EditorAnswer | undefined} />;
}
