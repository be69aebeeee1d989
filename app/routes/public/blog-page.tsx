import { data, redirect } from "react-router";
import { databaseContext } from "~/context";
import { blogIndexMeta } from "~/features/blog/blog-meta";
import { loadBlogIndex } from "~/features/blog/blog.server";
import { BlogIndexPage } from "~/features/blog/components/blog-index-page";
import { parsePageParam } from "~/features/blog/pagination";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog-page";

/** /blog/page/{n}, n ≥ 2: older posts. Page 1 lives at /blog; a page past the end is 404. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  if (page === 1) throw redirect("/blog", 301);
  const { db } = context.get(databaseContext);
  const view = await loadBlogIndex(db, page);
  if (!view) throw data(null, { status: 404 });
  return { ...view, side: await sideColumnHtml(db, { path: "/blog" }) };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  return blogIndexMeta(loaderData, root, location.pathname);
}

export default function BlogPage({ loaderData, matches }: Route.ComponentProps) {
  // Keyed by page: server-kept HTML (Static) must not outlive a move to another page of the list.
  return (
    <BlogIndexPage key={loaderData.page} view={loaderData} site={matches[0].loaderData.site} side={loaderData.side} />
  );
}
