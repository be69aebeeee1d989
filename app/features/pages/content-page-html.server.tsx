import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { SiteContent } from "~/features/content/site-content";
import { SlugPageView } from "./components/slug-page-view";
import type { ContentPageView } from "./content-page.server";

/**
 * Public components as HTML made on the server, for the content editors'
 * previews (as team-profile-html.server.tsx does for a clinician): staff see
 * what visitors will, and none of it reaches a page's script.
 */
export function publicHtml(node: ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

/** A page at /{slug} as its route shows it. */
export function contentPageHtml(view: ContentPageView, site: SiteContent): string {
  return publicHtml(<SlugPageView view={view} site={site} sideHtml="" />);
}
