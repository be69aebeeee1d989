import { databaseContext } from "~/context";
import { getSiteContent } from "~/features/content/queries.server";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/site-content";

export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSiteContent(context.get(databaseContext).db);
  return Response.json(site, { headers: publicCacheHeaders });
}
