import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { withFallbacks, withMainOffice, type SiteContent } from "./site-content";
import type { InsuranceProvider, Treatment } from "./types";

export async function getSiteContent(db: Db): Promise<SiteContent> {
  return withFallbacks(await getSiteRow(db));
}

/**
 * The one site record as stored (undefined before the seed), with the main office's address, phone,
 * hours and map position in place of its own footer fields: the clinic's main contact details have one
 * source, the primary office row, so the header, the footer, the office pages and the structured data
 * cannot disagree (decision 0042). Its two third-party ID columns are no longer read (decision 0034).
 */
export async function getSiteRow(db: Db) {
  const [[row], [main]] = await Promise.all([
    db.select().from(t.siteContent).where(eq(t.siteContent.id, 1)),
    db
      .select()
      .from(t.locations)
      .where(eq(t.locations.isPrimary, true))
      .orderBy(asc(t.locations.sortOrder), asc(t.locations.id))
      .limit(1),
  ]);
  return withMainOffice(row, main);
}

export function listTreatments(db: Db): Promise<Treatment[]> {
  return db
    .select({
      id: t.treatments.id,
      slug: t.treatments.slug,
      title: t.treatments.title,
      shortDescription: t.treatments.shortDescription,
      icon: t.treatments.icon,
    })
    .from(t.treatments)
    .orderBy(asc(t.treatments.sortOrder), asc(t.treatments.id));
}

/**
 * The treatments the home page's services show: the featured ones in list
 * order, or every treatment while none is featured (an install from before
 * the column shows what it always did).
 */
export async function listHomeServices(db: Db, all: Treatment[]): Promise<Treatment[]> {
  const featured = await db.select({ id: t.treatments.id }).from(t.treatments).where(eq(t.treatments.featured, true));
  if (featured.length === 0) return all;
  const ids = new Set(featured.map((row) => row.id));
  return all.filter((treatment) => ids.has(treatment.id));
}

export function listInsuranceProviders(db: Db): Promise<InsuranceProvider[]> {
  return db
    .select({
      id: t.insuranceProviders.id,
      name: t.insuranceProviders.name,
      slug: t.insuranceProviders.slug,
      logo: t.insuranceProviders.logo,
    })
    .from(t.insuranceProviders)
    .orderBy(asc(t.insuranceProviders.sortOrder), asc(t.insuranceProviders.id));
}

export function listTestimonials(db: Db) {
  return db
    .select({
      id: t.testimonials.id,
      quote: t.testimonials.quote,
      author: t.testimonials.author,
      context: t.testimonials.context,
      rating: t.testimonials.rating,
    })
    .from(t.testimonials)
    .where(eq(t.testimonials.published, true))
    .orderBy(asc(t.testimonials.sortOrder), asc(t.testimonials.id));
}

export function listTeamMembers(db: Db) {
  return db.select().from(t.teamMembers).orderBy(asc(t.teamMembers.sortOrder), asc(t.teamMembers.id));
}

export function listConditions(db: Db) {
  return db.select().from(t.conditions).orderBy(asc(t.conditions.sortOrder), asc(t.conditions.id));
}

export function listFaqItems(db: Db) {
  return db
    .select({ id: t.faqItems.id, question: t.faqItems.question, answer: t.faqItems.answer })
    .from(t.faqItems)
    .orderBy(asc(t.faqItems.sortOrder), asc(t.faqItems.id));
}

export function listLocations(db: Db) {
  return db.select().from(t.locations).orderBy(asc(t.locations.sortOrder), asc(t.locations.id));
}
