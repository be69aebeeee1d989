import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { treatmentIcons } from "../schema";

/** Shapes of the demo content files in content/, checked before anything is written. */
const strings = z.array(z.string().min(1));

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
    hours: z.array(z.object({ label: z.string(), value: z.string() })),
    map: z.object({ latitude: z.number(), longitude: z.number(), query: z.string() }),
    areasServed: strings,
  }),
  treatments: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string().min(1),
      shortDescription: z.string().min(1),
      icon: z.enum(treatmentIcons).nullable(),
    }),
  ),
  "insurance-providers": z.array(
    z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), name: z.string().min(1), logo: z.string().nullable() }),
  ),
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
      slug: z.string().regex(/^[a-z0-9-]+$/),
      name: z.string(),
      credentials: z.string(),
      role: z.string(),
      licenseType: z.string(),
      specialties: strings,
      languages: strings,
      acceptingNewPatients: z.boolean(),
      modalities: strings,
      bio: z.string(),
    }),
  ),
  conditions: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
      name: z.string(),
      summary: z.string(),
      treatmentSlug: z.string().nullable(),
    }),
  ),
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })),
  locations: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
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
    }),
  ),
} as const;

export type ContentFiles = { [K in keyof typeof contentFiles]: z.infer<(typeof contentFiles)[K]> };

export function readContentFiles(dir: string): ContentFiles {
  const out: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(contentFiles)) {
    const file = path.join(dir, `${name}.json`);
    const parsed = shape.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success) {
      throw new Error(`Demo content ${file} is invalid: ${z.prettifyError(parsed.error)}`);
    }
    out[name] = parsed.data;
  }
  return out as ContentFiles;
}
