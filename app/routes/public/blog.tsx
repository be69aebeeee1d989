import { data } from "react-router";
import { databaseContext } from "~/context";
import { blogIndexMeta } from "~/features/blog/blog-meta";
import { loadBlogIndex } from "~/features/blog/blog.server";
import { BlogIndexPage } from "~/features/blog/components/blog-index-page";
import { rootDataFrom } from "~/features/site/root-data";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog";

/** /blog: the newest posts (page 1 of the list). */
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const view = await loadBlogIndex(context.get(databaseContext).db, 1);
  if (!view) throw data(null, { status: 404 });
  return view;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!loaderData || !root) return [];
  return blogIndexMeta(loaderData, root, location.pathname);
}

export default function Blog({ loaderData, matches }: Route.ComponentProps) {
  return <BlogIndexPage view={loaderData} site={rootDataFrom(matches)!.site} />;
}
