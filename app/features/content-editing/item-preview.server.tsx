import type { Db } from "~/db/client.server";
import type * as t from "~/db/schema";
import type { HomePageData } from "~/features/home/home.server";
import { getSiteContent } from "~/features/content/queries.server";
import { FeaturedServices } from "~/features/home/components/featured-services";
import ConditionsSection from "~/features/home/components/lazy/conditions-section";
import FaqSection from "~/features/home/components/lazy/faq-section";
import TestimonialsSection from "~/features/home/components/lazy/testimonials-section";
import { contentPageHtml, publicHtml } from "~/features/pages/content-page-html.server";
import { insurerView, pageView, treatmentView } from "~/features/pages/content-page.server";
import type { ContentListKey } from "./content-lists";
import type { ItemValues } from "./content-lists-schema.server";
import { findItem } from "./content-lists.server";

/**
 * An item as visitors will see it, from the typed values (checked as for
 * publishing), nothing saved: the public components themselves, rendered on
 * the server (the home page's FAQ, testimonials, conditions and service
 * cards; the page at /{slug} of a treatment, an insurer or a page). The
 * stored row fills what the form does not hold (an insurer's page words).
 * `images` holds an image field's path as it would be saved.
 */
export async function itemPreviewHtml(
  db: Db,
  key: ContentListKey,
  id: number | null,
  values: ItemValues,
  images: Record<string, string | null>,
): Promise<string> {
  const [site, row] = await Promise.all([getSiteContent(db), id === null ? null : findItem(db, key, id)]);
  // Unsaved: no id yet, and "now" as its date.
  const item = { ...row, id: id ?? 0, sortOrder: row?.sortOrder ?? 0, ...values, ...images, updatedAt: new Date() };
  switch (key) {
    case "faq":
      return publicHtml(<FaqSection faq={[item as unknown as HomePageData["faq"][number]]} />);
    case "testimonial":
      return publicHtml(
        <TestimonialsSection testimonials={[item as unknown as HomePageData["testimonials"][number]]} />,
      );
    case "condition":
      return publicHtml(<ConditionsSection conditions={[item as unknown as t.Condition]} />);
    case "treatment": {
      const treatment = { metaTitle: "", metaDescription: "", lede: "", body: "", ...item } as t.InferTreatment;
      return (
        publicHtml(<FeaturedServices treatments={[treatment]} />) +
        contentPageHtml(await treatmentView(db, treatment), site)
      );
    }
    case "insurer": {
      const provider = { metaTitle: "", metaDescription: "", lede: "", body: "", ...item } as t.InferInsuranceProvider;
      return contentPageHtml(await insurerView(db, provider), site);
    }
    case "pages": {
      // A page not added yet is what the store adds: an info page, a WebPage.
      const page = { section: "info", schemaType: "WebPage", published: true, ...item } as unknown as t.Page;
      return contentPageHtml(await pageView(db, page), site);
    }
  }
}
