import { data } from "react-router";
import { databaseContext } from "~/context";
import { blogPostMeta } from "~/features/blog/blog-meta";
import { loadBlogPost } from "~/features/blog/blog.server";
import { BlogPostPage } from "~/features/blog/components/blog-post-page";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog-post";

/** /blog/{slug}: one published post; a draft, a scheduled post or an unknown slug is 404. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await loadBlogPost(context.get(databaseContext).db, params.slug);
  if (!view) throw data(null, { status: 404 });
  return view;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  return blogPostMeta(loaderData, root, location.pathname);
}

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  // Keyed by post: server-kept HTML (Static) must not outlive a move to another post.
  return <BlogPostPage key={loaderData.post.slug} view={loaderData} site={matches[0].loaderData.site} />;
}
