import { data } from "react-router";
import { databaseContext } from "~/context";
import { blogIndexMeta } from "~/features/blog/blog-meta";
import { loadBlogIndex } from "~/features/blog/blog.server";
import { BlogIndexPage } from "~/features/blog/components/blog-index-page";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog";

/** /blog: the newest posts (page 1 of the list). */
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const view = await loadBlogIndex(db, 1);
  if (!view) throw data(null, { status: 404 });
  return { ...view, side: await sideColumnHtml(db, { path: "/blog" }) };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  return blogIndexMeta(loaderData, root, location.pathname);
}

export default function Blog({ loaderData, matches }: Route.ComponentProps) {
  return <BlogIndexPage view={loaderData} site={matches[0].loaderData.site} side={loaderData.side} />;
}
