import { databaseContext } from "~/context";
import { PostListPage } from "~/features/blog-editor/components/post-list-page";
import { readListFilters } from "~/features/blog-editor/list-params";
import { listPosts, teamChoices } from "~/features/blog-editor/post-list.server";
import type { Route } from "./+types/blog";

export function meta() {
  return [{ title: "Blog · Staff area" }];
}

/** /admin/blog (access.ts: blog — admin, marketing, clinicians): every post, filtered as the address says. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { filters, ignored } = readListFilters(new URL(request.url).searchParams);
  const [posts, team] = await Promise.all([listPosts(db, filters), teamChoices(db)]);
  return { posts, filters, ignored, team };
}

export default function BlogListRoute({ loaderData }: Route.ComponentProps) {
  return <PostListPage {...loaderData} />;
}
