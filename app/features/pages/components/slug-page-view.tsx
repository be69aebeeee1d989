import type { SiteContent } from "~/features/content/site-content";
import type { ContentPageView } from "../content-page.server";
import { ContentPageLayout } from "./content-page-layout";
import { InsurerLogo } from "./insurer-mark";

/**
 * A page at /{slug} (a treatment, an insurance provider with its logo, or an
 * info, topic or legal page): the public route renders it, and the content
 * editors' preview renders the same component from typed values (without the
 * side column, which is every inner page's and not the page's own).
 */
export function SlugPageView({ view, site, sideHtml }: { view: ContentPageView; site: SiteContent; sideHtml: string }) {
  const logo = view.kind === "insurance" && view.logo;
  return (
    <ContentPageLayout
      view={view}
      site={site}
      sideHtml={sideHtml}
      aside={
        logo ? (
          <InsurerLogo name={`${view.title} logo`} logo={logo} loading="eager" className="h-10 md:h-12" />
        ) : undefined
      }
    />
  );
}
