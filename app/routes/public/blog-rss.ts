import { configContext, databaseContext } from "~/context";
import { loadFeed, RSS_CONTENT_TYPE } from "~/features/blog/rss.server";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml: the newest posts as RSS 2.0; kept in the page cache until the content changes. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await loadFeed(context.get(databaseContext).db, context.get(configContext).publicUrl);
  return new Response(xml, { headers: { "Content-Type": RSS_CONTENT_TYPE, ...publicCacheHeaders } });
}
