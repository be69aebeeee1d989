import { z } from "zod";
import { normalisePath } from "~/lib/site-path";
import { wordsOf } from "~/features/seo-text/keyphrase-checks";
import { SETTINGS_LIMITS, squashed, type SettingsField, type SettingsValues } from "./settings-rules";
import { countOf } from "~/lib/plural";

/**
 * The server's one check of a posted settings form (settings-rules.ts has
 * the limits the editor shows): each field's words in a sentence a
 * marketing person can act on, empty fields as null (the page's own).
 */

// Control characters other than whitespace (which is squashed first) have no place in a tag.
const CONTROL = /\p{Cc}/u;

const sized = (what: string, { min, max }: { min: number; max: number }, shown: string) =>
  z
    .string()
    .transform(squashed)
    .superRefine((value, ctx) => {
      if (CONTROL.test(value))
        ctx.addIssue({ code: "custom", message: `The ${what} has a character that cannot be shown.` });
      else if (value !== "" && (value.length < min || value.length > max))
        ctx.addIssue({
          code: "custom",
          message: `Keep the ${what} between ${min} and ${max} characters (it has ${value.length}). ${shown}`,
        });
    })
    .transform((value) => value || null);

/** Why a path of ours may not be a canonical address, or null. */
function ownPathProblem(path: string): string | null {
  if (path === "/admin" || path.startsWith("/admin/") || path === "/auth")
    return "A staff page cannot be the canonical address.";
  if (path === "/api" || path.startsWith("/api/"))
    return "An address of the site's API cannot be the canonical address.";
  return null;
}

/** An absolute http(s) address without a user name or password, or null. */
function webAddress(value: string, protocols: readonly string[]): string | null {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

const CANONICAL_WORDS = "Enter a path of this site such as /adhd-evaluation, or a full address starting with https://.";

const canonical = z
  .string()
  .transform(squashed)
  .transform((value, ctx) => {
    if (value === "") return null;
    if (value.length > SETTINGS_LIMITS.address.max) {
      ctx.addIssue({ code: "custom", message: `Keep the address under ${SETTINGS_LIMITS.address.max} characters.` });
      return z.NEVER;
    }
    if (value.startsWith("/") && !value.startsWith("//")) {
      const path = normalisePath(value);
      const problem = path === null ? CANONICAL_WORDS : ownPathProblem(path);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return path;
    }
    const url = webAddress(value, ["https:", "http:"]);
    if (!url) {
      ctx.addIssue({ code: "custom", message: CANONICAL_WORDS });
      return z.NEVER;
    }
    return url;
  });

const IMAGE_WORDS =
  "Enter the path of an image on this site, such as /og-default.png, or a full address starting with https://.";

const socialImage = z
  .string()
  .transform(squashed)
  .transform((value, ctx) => {
    if (value === "") return null;
    if (value.length > SETTINGS_LIMITS.address.max) {
      ctx.addIssue({ code: "custom", message: `Keep the address under ${SETTINGS_LIMITS.address.max} characters.` });
      return z.NEVER;
    }
    if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !value.includes("#")) {
      try {
        // Kept as typed (file names may be case-sensitive), with the browser's encoding.
        const url = new URL(value, "http://x");
        return url.pathname + url.search;
      } catch {
        // Falls through to the message.
      }
    }
    const url = webAddress(value, ["https:"]);
    if (!url) {
      ctx.addIssue({ code: "custom", message: IMAGE_WORDS });
      return z.NEVER;
    }
    return url;
  });

const focusKeyphrase = z
  .string()
  .transform(squashed)
  .superRefine((value, ctx) => {
    const { maxWords, maxChars } = SETTINGS_LIMITS.focusKeyphrase;
    const words = wordsOf(value).length;
    if (CONTROL.test(value))
      ctx.addIssue({ code: "custom", message: "The keyphrase has a character that cannot be shown." });
    else if (value !== "" && words === 0)
      ctx.addIssue({ code: "custom", message: "Enter the words people type into Google, such as “ADHD evaluation”." });
    else if (words > maxWords || value.length > maxChars)
      ctx.addIssue({
        code: "custom",
        message: `Keep the keyphrase to a few words: ${maxWords} at most, ${maxChars} characters (it has ${countOf(words, "word", "words")}).`,
      });
  })
  .transform((value) => value || null);

/** The posted settings form (every text field optional; the checkbox is "on" when ticked). */
export const settingsFormSchema = z.object({
  title: sized("title", SETTINGS_LIMITS.title, "Google shows about 60."),
  description: sized("description", SETTINGS_LIMITS.description, "Google shows about 155."),
  focusKeyphrase,
  canonical,
  noindex: z.string().transform((value) => value === "on" || value === "true"),
  socialImage,
  socialTitle: sized("social title", SETTINGS_LIMITS.socialTitle, "Cards show about 90."),
  socialDescription: sized("social description", SETTINGS_LIMITS.socialDescription, "Cards show about 200."),
}) satisfies z.ZodType<SettingsValues, Record<SettingsField, string>>;
