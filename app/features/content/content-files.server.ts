import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { pageSchemaTypes, pageSections, treatmentIcons } from "~/db/schema";
import { META_LIMITS } from "~/lib/meta-limits";
import { bodyProblems } from "./markdown.server";

/** Shapes of the demo content files in content/ (docs/content.md), checked before anything is written. */
const strings = z.array(z.string().min(1));
const slug = z.string().regex(/^[a-z0-9-]+$/, "slugs are lower-case words joined by -");
const metaDescription = z
  .string()
  .min(META_LIMITS.descriptionMin, `metaDescription must be at least ${META_LIMITS.descriptionMin} characters`)
  .max(META_LIMITS.descriptionMax, `metaDescription must be at most ${META_LIMITS.descriptionMax} characters`);
const metaTitle = z
  .string()
  .min(1)
  .max(META_LIMITS.titleMax, `metaTitle must be at most ${META_LIMITS.titleMax} characters`);
const hours = z.array(z.object({ label: z.string(), value: z.string() }));
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dates are YYYY-MM-DD");

export const contentFiles = {
  site: z.object({
    clinicName: z.string().min(1),
    tagline: z.string().nullish(),
    heroTitle: z.string().nullish(),
    heroSubtitle: z.string().nullish(),
    reviewCount: z.number().int().nullish(),
    reviewRating: z.number().nullish(),
    aboutText: z.string().nullish(),
    footerPhone: z.string().nullish(),
    footerEmail: z.string().nullish(),
    footerAddress: z.string().nullish(),
    footerCityLine: z.string().nullish(),
    patientPortalUrl: z.url().nullish(),
    virtualVisitUrl: z.url().nullish(),
    social: z.record(z.string(), z.url()),
    hours,
    map: z.object({ latitude: z.number(), longitude: z.number(), query: z.string() }),
    areasServed: strings,
  }),
  treatments: z.array(
    z.object({
      slug: slug,
      title: z.string().min(1),
      shortDescription: z.string().min(1),
      icon: z.enum(treatmentIcons).nullable(),
      /** In the home page's services. */
      featured: z.boolean().default(false),
    }),
  ),
  "insurance-providers": z.array(z.object({ slug: slug, name: z.string().min(1), logo: z.string().nullable() })),
  testimonials: z.array(
    z.object({
      quote: z.string().min(1),
      author: z.string().min(1),
      context: z.string().nullable(),
      rating: z.number().int().min(1).max(5),
    }),
  ),
  team: z.array(
    z.object({
      slug: slug,
      name: z.string(),
      credentials: z.string(),
      role: z.string(),
      licenseType: z.string(),
      specialties: strings,
      languages: strings,
      acceptingNewPatients: z.boolean(),
      modalities: strings,
      bio: z.string(),
      metaDescription,
      // What people choose a clinician by (issue 20); offices and insurers by slug.
      education: z.string().min(1),
      approach: z.string().min(1),
      availability: z.string().min(1),
      offices: z.array(slug),
      insurance: z.array(slug),
    }),
  ),
  conditions: z.array(
    z.object({
      slug: slug,
      name: z.string(),
      summary: z.string(),
      treatmentSlug: z.string().nullable(),
    }),
  ),
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })),
  locations: z.array(
    z.object({
      slug: slug,
      name: z.string(),
      street: z.string(),
      city: z.string(),
      state: z.string().length(2),
      zip: z.string().regex(/^\d{5}$/),
      phone: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      description: z.string(),
      areasServed: strings,
      isPrimary: z.boolean(),
      metaDescription,
      hours,
      directions: z.string().min(1),
    }),
  ),
} as const;

/** Front-matter of the Markdown files, by collection; each collection is a folder (`markdownFolders`). */
const pageWords = { metaTitle, metaDescription, lede: z.string().min(1) };
export const markdownFronts = {
  "treatment-pages": z.strictObject(pageWords),
  "insurance-pages": z.strictObject(pageWords),
  pages: z.strictObject({
    ...pageWords,
    title: z.string().min(1),
    section: z.enum(pageSections),
    schemaType: z.enum(pageSchemaTypes),
  }),
  blog: z.strictObject({
    title: z.string().min(1),
    metaTitle,
    metaDescription,
    excerpt: z.string().min(1),
    author: slug,
    reviewer: slug,
    publishedAt: day,
    updatedAt: day,
  }),
} as const;

export type MarkdownFolder = keyof typeof markdownFronts;
const markdownFolders: Record<MarkdownFolder, string> = {
  "treatment-pages": "treatments",
  "insurance-pages": "insurance",
  pages: "pages",
  blog: "blog",
};
export type MarkdownFile<F extends MarkdownFolder> = z.infer<(typeof markdownFronts)[F]> & {
  slug: string;
  body: string;
};

export type ContentFiles = { [K in keyof typeof contentFiles]: z.infer<(typeof contentFiles)[K]> } & {
  [F in MarkdownFolder]: MarkdownFile<F>[];
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function invalid(file: string, reason: string): never {
  throw new Error(`Demo content ${file} is invalid: ${reason}`);
}

/** One Markdown file: its front-matter checked against the folder's shape, its body against the writing rules. */
function readMarkdownFile<F extends MarkdownFolder>(folder: F, file: string): MarkdownFile<F> {
  const match = FRONT_MATTER.exec(fs.readFileSync(file, "utf8"));
  if (!match) invalid(file, "it must start with front-matter between '---' lines");
  const parsed = markdownFronts[folder].safeParse(parseYaml(match[1]!));
  if (!parsed.success) invalid(file, z.prettifyError(parsed.error));
  const body = match[2]!.trim();
  const problems = bodyProblems(body);
  if (problems.length > 0) invalid(file, problems.join("; "));
  return { ...(parsed.data as z.infer<(typeof markdownFronts)[F]>), slug: path.basename(file, ".md"), body };
}

function readMarkdownFolder<F extends MarkdownFolder>(dir: string, folder: F): MarkdownFile<F>[] {
  const folderPath = path.join(dir, markdownFolders[folder]);
  if (!fs.existsSync(folderPath)) return [];
  return fs
    .readdirSync(folderPath)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => readMarkdownFile(folder, path.join(folderPath, name)));
}

export function readContentFiles(dir: string): ContentFiles {
  const out: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(contentFiles)) {
    const file = path.join(dir, `${name}.json`);
    const parsed = shape.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success) invalid(file, z.prettifyError(parsed.error));
    out[name] = parsed.data;
  }
  for (const folder of Object.keys(markdownFronts) as MarkdownFolder[]) out[folder] = readMarkdownFolder(dir, folder);
  const content = out as ContentFiles;
  checkReferences(dir, content);
  return content;
}

/** Every treatment and provider has its words; posts name real team members; no two pages share a path. */
function checkReferences(dir: string, content: ContentFiles) {
  const need = (folder: "treatment-pages" | "insurance-pages", slugs: string[]) => {
    const have = new Set(content[folder].map((f) => f.slug));
    for (const s of slugs) {
      if (!have.has(s)) invalid(path.join(dir, markdownFolders[folder], `${s}.md`), "the file is missing");
    }
  };
  need(
    "treatment-pages",
    content.treatments.map((t) => t.slug),
  );
  need(
    "insurance-pages",
    content["insurance-providers"].map((p) => p.slug),
  );
  const offices = new Set(content.locations.map((l) => l.slug));
  const insurers = new Set(content["insurance-providers"].map((p) => p.slug));
  for (const member of content.team) {
    for (const office of member.offices)
      if (!offices.has(office)) invalid(path.join(dir, "team.json"), `${member.slug}: no office '${office}'`);
    for (const insurer of member.insurance)
      if (!insurers.has(insurer)) invalid(path.join(dir, "team.json"), `${member.slug}: no insurer '${insurer}'`);
  }
  const team = new Set(content.team.map((m) => m.slug));
  for (const post of content.blog) {
    for (const who of [post.author, post.reviewer]) {
      if (!team.has(who)) invalid(path.join(dir, "blog", `${post.slug}.md`), `'${who}' is not in team.json`);
    }
    if (post.updatedAt < post.publishedAt)
      invalid(path.join(dir, "blog", `${post.slug}.md`), "updatedAt is before publishedAt");
  }
  const topLevel = [
    ...content.treatments.map((t) => t.slug),
    ...content["insurance-providers"].map((p) => p.slug),
    ...content.pages.map((p) => p.slug),
  ];
  const seen = new Set<string>();
  for (const s of topLevel) {
    if (seen.has(s)) invalid(dir, `two pages would answer /${s}`);
    seen.add(s);
  }
}
