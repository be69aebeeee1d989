import type { MetaDescriptor } from "react-router";
import { pageMeta, type MetaRoot } from "~/features/seo/page-meta";
import { breadcrumbJsonLd } from "./breadcrumbs";
import type { ContentPageView } from "./content-page.server";
import { contentPageJsonLd, treatmentJsonLd } from "./structured-data";

/** Title, description, canonical and structured data of a page with words of its own. */
export function contentPageMeta(
  view: ContentPageView,
  root: MetaRoot,
  pathname: string,
  extraJsonLd: Record<string, unknown>[] = [],
): MetaDescriptor[] {
  const facts = {
    name: view.title,
    description: view.metaDescription,
    path: pathname,
    publicUrl: root.publicUrl,
    modified: view.updatedAt,
  };
  const main =
    view.kind === "treatment"
      ? treatmentJsonLd({ ...facts, aboutCondition: view.aboutCondition })
      : contentPageJsonLd(view.schemaType, facts);
  return pageMeta(
    {
      title: view.metaTitle,
      description: view.metaDescription,
      modifiedDate: view.updatedAt,
      jsonLd: [main, ...extraJsonLd, breadcrumbJsonLd(view.crumbs, root.publicUrl)],
      pageDesignType: view.kind === "page" ? view.schemaType : view.kind,
    },
    root,
    pathname,
  );
}
