import { configContext } from "~/context";
import { robotsTxt } from "~/features/seo/robots";
import { CACHE_MARKER } from "~/lib/page-cache-marker";
import type { Route } from "./+types/robots-txt";

/** /robots.txt: changes only with the public URL, so browsers and crawlers may keep it an hour. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(configContext).publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      [CACHE_MARKER]: "public",
    },
  });
}
