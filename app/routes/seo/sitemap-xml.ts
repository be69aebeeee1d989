import { configContext, databaseContext } from "~/context";
import { listSitemapEntries, renderSitemap } from "~/features/seo/sitemap.server";
import { isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/sitemap-xml";

/** /sitemap.xml: page-cached like a public page, so a content change gives a fresh one. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const entries = await withDatabaseDeadline(() => listSitemapEntries(context.get(databaseContext).db));
    return new Response(renderSitemap(context.get(configContext).publicUrl, entries), {
      headers: { "Content-Type": "application/xml; charset=utf-8", ...publicCacheHeaders },
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // A crawler comes back later; an empty or partial sitemap would tell it pages are gone.
    return new Response("The sitemap is not available right now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
    });
  }
}
