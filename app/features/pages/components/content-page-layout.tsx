import type { ReactNode } from "react";
import type { SiteContent } from "~/features/content/site-content";
import type { ContentPageView } from "../content-page.server";
import { ContentBlockView } from "./blocks/content-block";
import { BreadcrumbNav } from "./breadcrumb-nav";
import { InnerPage } from "./inner-page";
import { PageBody } from "./page-body";

/**
 * The frame of every page with words of its own: trail, one h1, the lede and
 * the body. A body that opens with immediate crisis help shows it before
 * everything else on the page, heading included (/crisis-therapy).
 */
export function ContentPageLayout({
  view,
  site,
  aside,
  sideHtml,
  children,
}: {
  view: ContentPageView;
  site: SiteContent;
  /** Shown beside the heading (a provider's logo, a portrait). */
  aside?: ReactNode;
  /** The side column, made on the server (side-column-html.server.tsx). */
  sideHtml: string;
  /** Shown after the body (a list the route adds). */
  children?: ReactNode;
}) {
  const [first] = view.body.segments;
  const leadsWithHelp = first?.kind === "block" && first.name === "crisis-help";
  return (
    <InnerPage sideHtml={sideHtml}>
      {leadsWithHelp ? <ContentBlockView name="crisis-help" data={view.body.data} site={site} leading /> : null}
      <div className="grid gap-4">
        <BreadcrumbNav crumbs={view.crumbs} />
        <div className="flex flex-wrap items-center justify-between gap-6">
          <div className="grid max-w-3xl gap-3">
            <h1 className="text-3xl font-bold text-primary-dark md:text-4xl">{view.title}</h1>
            {view.lede ? <p className="text-lg text-muted md:text-xl">{view.lede}</p> : null}
          </div>
          {aside}
        </div>
      </div>
      <PageBody body={view.body} site={site} skipLeadingBlock={leadsWithHelp} />
      {children}
    </InnerPage>
  );
}
