import type { SiteContent } from "~/features/content/site-content";
import type { ContentPageView } from "../content-page.server";
import { ContentPageLayout } from "./content-page-layout";

/**
 * A page at /{slug} (a treatment, an insurance provider with its logo, or an
 * info, topic or legal page): the public route renders it, and the content
 * editors' preview renders the same component from typed values.
 */
export function SlugPageView({ view, site }: { view: ContentPageView; site: SiteContent }) {
  const logo = view.kind === "insurance" && view.logo;
  return (
    <ContentPageLayout
      view={view}
      site={site}
      aside={
        logo ? <img src={logo} alt={`${view.title} logo`} width={160} height={54} className="h-14 w-auto" /> : undefined
      }
    />
  );
}
