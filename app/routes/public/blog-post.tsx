import { data, redirect } from "react-router";
import { configContext, databaseContext } from "~/context";
import { blogPostMeta } from "~/features/blog/blog-meta";
import { loadBlogPost } from "~/features/blog/blog.server";
import { findUnpublishedPost } from "~/features/blog/posts.server";
import { BlogPostPage } from "~/features/blog/components/blog-post-page";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog-post";

/**
 * /blog/{slug}: one published post; a draft, a scheduled post or an unknown slug is 404; an
 * unpublished post answers 410 Gone or redirects where staff chose (decision 0035).
 */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const view = await loadBlogPost(db, params.slug, context.get(configContext).publicUrl);
  if (!view) {
    const gone = await findUnpublishedPost(db, params.slug);
    if (gone?.redirectTo) throw redirect(gone.redirectTo, 301);
    throw data(null, { status: gone ? 410 : 404 });
  }
  return { ...view, side: await sideColumnHtml(db, { path: `/blog/${view.post.slug}` }) };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  return blogPostMeta(loaderData, root, location.pathname);
}

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  // Keyed by post: server-kept HTML (Static) must not outlive a move to another post.
  return (
    <BlogPostPage
      key={loaderData.post.slug}
      view={loaderData}
      site={matches[0].loaderData.site}
      side={loaderData.side}
    />
  );
}
