import { z } from "zod";
import type { BlogPostStatus } from "~/db/schema";

/**
 * The editor's fields and their rules, shared by the server (the check that
 * counts) and the browser (the same words). No server code here.
 */
export const TITLE_MAX = 200;
export const SLUG_MAX = 120;
export const EXCERPT_MAX = 400;
export const BODY_MAX = 200_000;
export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 320;
export const TAGS_MAX = 12;
export const TAG_MAX = 40;

/** What the list shows: the stored status, with "scheduled" for a post published with a future date. */
export type ShownStatus = Exclude<BlogPostStatus, "in_review"> | "in_review" | "scheduled";

export const statusLabels: Record<ShownStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};
export const shownStatuses = Object.keys(statusLabels) as ShownStatus[];

export function shownStatus(status: BlogPostStatus, publishedAt: Date | null, now = new Date()): ShownStatus {
  if (status === "published" && publishedAt && publishedAt > now) return "scheduled";
  return status;
}

/**
 * A slug from a title: lower-case ASCII letters, digits and single hyphens
 * ("Anxiety & Sleep: 5 Tips" → "anxiety-sleep-5-tips"). Accents are folded,
 * anything else is dropped, so the address is always safe to print.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Tags as typed ("Anxiety, sleep ,Teens") → trimmed, de-duplicated (case-blind), in order. */
export function parseTags(raw: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of raw.split(",")) {
    const tag = piece.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} can be at most ${max.toLocaleString("en-US")} characters.`);

/** A canonical: empty (the post's own address), a site path, or an https:// address. */
function canonicalOk(value: string): boolean {
  if (!value) return true;
  if (value.startsWith("/")) return !value.startsWith("//") && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The editor's form as posted (every value a string), checked for a save. */
export const postFormSchema = z.object({
  title: text(TITLE_MAX, "The title").min(1, "Give the post a title."),
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX, `The address can be at most ${SLUG_MAX} characters.`)
    .refine((v) => v === "" || SLUG_PATTERN.test(v), "Use lower-case letters, digits and single hyphens only."),
  excerpt: text(EXCERPT_MAX, "The excerpt"),
  body: z.string().max(BODY_MAX, `The body can be at most ${BODY_MAX.toLocaleString("en-US")} characters.`),
  tags: z
    .string()
    .transform(parseTags)
    .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags.`)
    .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX), `Each tag can be at most ${TAG_MAX} characters.`),
  authorSlug: z.string().trim(),
  reviewerSlug: z.string().trim(),
  metaTitle: text(META_TITLE_MAX, "The search title"),
  metaDescription: text(META_DESCRIPTION_MAX, "The search description"),
  canonical: z
    .string()
    .trim()
    .max(2000, "The canonical address is too long.")
    .refine(canonicalOk, "Leave empty, or give a path such as /blog/other-post or a full https:// address."),
  /** The featured image's id (ImageUploadField's hidden input); empty: none. */
  featuredImageId: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), "Upload the image again."),
});

export type PostForm = z.infer<typeof postFormSchema>;
export type PostFormField = keyof z.input<typeof postFormSchema>;
export const postFormFields = Object.keys(postFormSchema.shape) as PostFormField[];
