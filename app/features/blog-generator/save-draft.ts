import { z } from "zod";

/** "Save as draft": the title and the Markdown body staff have in front of them. */
export const saveDraftSchema = z.object({
  title: z
    .string({ error: "A title is required." })
    .trim()
    .min(3, "A title needs at least 3 characters.")
    .max(140, "A title is at most 140 characters."),
  body: z
    .string({ error: "The draft is empty." })
    .trim()
    .min(20, "The draft is empty: generate or write it first.")
    .max(30_000, "The draft is at most 30,000 characters."),
});
export type SaveDraft = z.infer<typeof saveDraftSchema>;

/** A URL slug from a title: lower case, ASCII letters and digits, single hyphens. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "draft";
}

/** The first paragraph of Markdown as plain text, cut at a word within `max` characters. */
export function plainSummary(markdown: string, max: number): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !/^(#|<!--|[-*+] |\d+\. |>)/.test(block)) ?? "";
  const text = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trim()}…`;
}
