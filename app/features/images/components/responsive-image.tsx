import type { ImageSources } from "../image-rules";

/**
 * An uploaded image as pages draw it: AVIF, then WebP, then JPEG, each at
 * every width made, so the browser picks the smallest that is sharp for the
 * space (`sizes`); width and height give the box its shape before the bytes
 * arrive (no layout shift). Lazy unless it is the page's main image.
 */
export function ResponsiveImage({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ImageSources;
  /** How wide it is drawn, e.g. "(min-width: 56rem) 56rem, 100vw" for the blog post's column. */
  sizes: string;
  className?: string;
  /** The first screen's main image: loaded at once, before others. */
  priority?: boolean;
}) {
  const srcSet = (format: string) =>
    image.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.src} ${v.width}w`)
      .join(", ");
  const jpegs = image.variants.filter((v) => v.format === "jpeg");
  // The fallback src: the widest JPEG up to 1280 (a browser that ignores srcset is an old one on a small screen).
  const fallback = jpegs.filter((v) => v.width <= 1280).at(-1) ?? jpegs[0];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={fallback?.src}
        srcSet={srcSet("jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
