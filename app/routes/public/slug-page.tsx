import { data } from "react-router";
import { InsurerLogo } from "~/features/pages/components/insurer-mark";
import { databaseContext } from "~/context";
import { contentPageMeta } from "~/features/pages/content-page-meta";
import { loadContentPage } from "~/features/pages/content-page.server";
import { ContentPageLayout } from "~/features/pages/components/content-page-layout";
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
  const site = matches[0].loaderData.site;
  const logo = loaderData.kind === "insurance" && loaderData.logo;
  return (
    <ContentPageLayout
      // Keyed by page: the body's server-kept HTML (Static) must not outlive a move to another /{slug}.
      key={loaderData.slug}
      view={loaderData}
      site={site}
      sideHtml={loaderData.side}
      aside={
        logo ? (
          <InsurerLogo name={`${loaderData.title} logo`} logo={logo} loading="eager" className="h-10 md:h-12" />
        ) : undefined
      }
    />
  );
}
