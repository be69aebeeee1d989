import { renderToStaticMarkup } from "react-dom/server";
import type { Db } from "~/db/client.server";
import { ResponsiveImage } from "~/features/images/components/responsive-image";
import { imageSources } from "~/features/images/image-store.server";

/** The post's column (max-w-4xl, 56rem) and the list's cards, as `sizes` says them. */
const POST_SIZES = "(min-width: 56rem) 56rem, 100vw";
const CARD_SIZES = "(min-width: 56rem) 52rem, 100vw";

/**
 * A post's featured image, its markup made here on the server (like the
 * body's HTML), so no image code reaches the public pages' script: `html`
 * is a <picture> with AVIF, WebP and JPEG at every width, its width and
 * height, its alt text; `social` the 1280-wide JPEG's path for og:image
 * (social networks read JPEG, not AVIF).
 */
export interface FeaturedImage {
  html: string;
  social: string;
}

export async function featuredImage(
  db: Db,
  id: number | null,
  place: { priority: boolean; card?: boolean },
): Promise<FeaturedImage | null> {
  if (id === null) return null;
  const image = await imageSources(db, id);
  if (!image) return null;
  const jpegs = image.variants.filter((v) => v.format === "jpeg");
  const social = (jpegs.filter((v) => v.width <= 1280).at(-1) ?? jpegs[0])?.src ?? "";
  const html = renderToStaticMarkup(
    <ResponsiveImage
      image={image}
      sizes={place.card ? CARD_SIZES : POST_SIZES}
      priority={place.priority}
      className={place.card ? "h-auto w-full rounded-xl" : "h-auto w-full rounded-card"}
    />,
  );
  return { html, social };
}
