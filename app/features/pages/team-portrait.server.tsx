import { renderToStaticMarkup } from "react-dom/server";
import type { Db } from "~/db/client.server";
import { ResponsiveImage } from "~/features/images/components/responsive-image";
import type { ImageSources } from "~/features/images/image-rules";
import { imageSources } from "~/features/images/image-store.server";

/**
 * A clinician's portrait as HTML made on the server, as the blog's featured
 * image is (decision 0037): the uploaded photo as a <picture> at every width,
 * or, without one, their initials on a tile in the clinic's palette (issue
 * 20: a deliberate treatment, never a grey silhouette). The pages place the
 * markup as it is, so neither the image nor the tile adds to their script.
 */
export type PortraitPlace = "card" | "home" | "profile";

const BOX: Record<PortraitPlace, { box: string; text: string; sizes: string }> = {
  card: { box: "size-20", text: "text-2xl", sizes: "5rem" },
  home: { box: "size-16", text: "text-xl", sizes: "4rem" },
  profile: { box: "size-40", text: "text-5xl", sizes: "10rem" },
};

/** "Dr. Maya Ellison" → "ME"; "Elena Brooks-Ramirez" → "EB"; one name → its first letter. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(dr|mr|mrs|ms|mx)\.?\s+/i, "")
    .split(/\s+/)
    .filter(Boolean);
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined]
    .filter((word): word is string => Boolean(word))
    .map((word) => [...word][0]!.toLocaleUpperCase("en-US"));
  return letters.join("");
}

/** The markup of a portrait from what is already read (the preview has no stored member). */
export function portraitMarkup(name: string, image: ImageSources | null, place: PortraitPlace): string {
  const { box, text, sizes } = BOX[place];
  if (image) {
    return renderToStaticMarkup(
      <ResponsiveImage
        image={image}
        sizes={sizes}
        priority={place === "profile"}
        className={`${box} shrink-0 rounded-2xl object-cover`}
      />,
    );
  }
  // The name is written beside the tile, so the tile itself says nothing to a screen reader.
  return renderToStaticMarkup(
    <span
      aria-hidden="true"
      data-portrait="initials"
      className={`${box} ${text} inline-flex shrink-0 items-center justify-center rounded-2xl bg-primary-soft font-bold tracking-wide text-primary-dark`}
    >
      {initialsOf(name)}
    </span>,
  );
}

/** A member's photo as the pages need it: its sources (or null), and the social card's JPEG. */
export async function portraitImage(db: Db, photoImageId: number | null): Promise<ImageSources | null> {
  return photoImageId === null ? null : imageSources(db, photoImageId);
}

/** The 640-wide JPEG (or the widest below it) as an absolute-path image for structured data. */
export function portraitJpeg(image: ImageSources | null): string | null {
  const jpegs = image?.variants.filter((v) => v.format === "jpeg") ?? [];
  return (jpegs.filter((v) => v.width <= 640).at(-1) ?? jpegs[0])?.src ?? null;
}

/** Portraits of several members, by member id, read in parallel. */
export async function portraitsOf(
  db: Db,
  members: { id: number; name: string; photoImageId: number | null }[],
  place: PortraitPlace,
): Promise<Map<number, string>> {
  const made = await Promise.all(
    members.map(async (m) => [m.id, portraitMarkup(m.name, await portraitImage(db, m.photoImageId), place)] as const),
  );
  return new Map(made);
}
