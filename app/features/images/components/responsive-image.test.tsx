import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageSources } from "../image-rules";
import { ImageUploadField } from "./image-upload-field";
import { ResponsiveImage } from "./responsive-image";

const h = (n: number) => n.toString(16).padStart(64, "0");
const IMAGE: ImageSources = {
  id: 7,
  alt: "A therapist and a client talking by a window",
  width: 1600,
  height: 1067,
  variants: [320, 640, 1600].flatMap((width, i) =>
    (["avif", "webp", "jpeg"] as const).map((format, j) => ({
      format,
      width,
      height: Math.round((width * 1067) / 1600),
      src: `/media/${h(i * 3 + j)}.${format === "jpeg" ? "jpg" : format}`,
    })),
  ),
};

describe("an uploaded image on a page", () => {
  it("offers AVIF, then WebP, then JPEG at every width, with its size (no layout shift) and alt text", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={IMAGE} sizes="(min-width: 56rem) 56rem, 100vw" />);
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+"/);
    expect(html).toContain(`srcSet="/media/${h(0)}.avif 320w, /media/${h(3)}.avif 640w, /media/${h(6)}.avif 1600w"`);
    expect(html.indexOf('type="image/avif"')).toBeLessThan(html.indexOf('type="image/webp"'));
    // The fallback is the widest JPEG up to 1280 pixels.
    expect(html).toContain(`src="/media/${h(5)}.jpg"`);
    expect(html).toContain('width="1600" height="1067" alt="A therapist and a client talking by a window"');
    expect(html).toContain('loading="lazy"');
    expect(renderToStaticMarkup(<ResponsiveImage image={IMAGE} sizes="100vw" priority />)).toContain(
      'fetchPriority="high"',
    );
  });

  it("is an editor's field: labelled file and alt inputs without names, the form carrying the image's id only", () => {
    const html = renderToStaticMarkup(<ImageUploadField name="featuredImageId" label="Featured image" image={IMAGE} />);
    expect(html).toContain('<legend class="px-1 font-semibold">Featured image</legend>');
    expect(html).toContain('<input type="hidden" name="featuredImageId" value="7"/>');
    expect(html).toMatch(/<label for="([^"]+)-file"[^>]*>Replace with another image<\/label>/);
    expect(html).toMatch(/<label for="([^"]+)-alt"[^>]*>Describe the image \(alt text\)<\/label>/);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/avif"');
    // Only the hidden input is named: the file never rides on the editor's own form.
    expect(html.match(/ name="/g)).toHaveLength(1);
    expect(html).toContain("JPEG, PNG, WebP or AVIF, up to 15 MB");
  });
});
