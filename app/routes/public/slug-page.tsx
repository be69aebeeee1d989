import { data } from "react-router";
import { databaseContext } from "~/context";
import { contentPageMeta } from "~/features/pages/content-page-meta";
import { loadContentPage } from "~/features/pages/content-page.server";
import { SlugPageView } from "~/features/pages/components/slug-page-view";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/slug-page";

/** /{slug}: a treatment, an insurance provider, or an info, topic or legal page; anything else is 404. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const view = await loadContentPage(db, params.slug);
  if (!view) throw data(null, { status: 404 });
  return { ...view, side: await sideColumnHtml(db, { path: `/${view.slug}`, crumbs: view.crumbs }) };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  return contentPageMeta(loaderData, root, location.pathname);
}

export default function SlugPage({ loaderData, matches }: Route.ComponentProps) {
  // Keyed by page: the body's server-kept HTML (Static) must not outlive a move to another /{slug}.
  return (
    <SlugPageView
      key={loaderData.slug}
      view={loaderData}
      site={matches[0].loaderData.site}
      sideHtml={loaderData.side}
    />
  );
}
