import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { loadBody, type BodyView } from "./block-data.server";
import type { Crumb } from "./breadcrumbs";

/**
 * What a page at /{slug} shows, whichever table holds its words: a treatment,
 * an insurance provider, or an info, topic or legal page (spec §2's generic
 * slug page, extended to every page with words of its own).
 */
export interface ContentPageView {
  kind: "treatment" | "insurance" | "page";
  slug: string;
  title: string;
  metaTitle: string;
  metaDescription: string;
  lede: string;
  schemaType: t.PageSchemaType;
  /** Treatments named after a condition are about that condition (for structured data). */
  aboutCondition: boolean;
  logo: string | null;
  updatedAt: string;
  crumbs: Crumb[];
  body: BodyView;
}

const HOME: Crumb = { name: "Home", path: "/" };

export async function loadContentPage(db: Db, slug: string): Promise<ContentPageView | null> {
  const [treatment] = await db.select().from(t.treatments).where(eq(t.treatments.slug, slug));
  if (treatment) return treatmentView(db, treatment);
  const [provider] = await db.select().from(t.insuranceProviders).where(eq(t.insuranceProviders.slug, slug));
  if (provider) return insurerView(db, provider);
  const page = await findPage(db, slug);
  if (page) return pageView(db, page);
  return null;
}

/** A treatment's page (also the editor's preview, from typed values). */
export async function treatmentView(db: Db, treatment: t.InferTreatment): Promise<ContentPageView> {
  const { slug } = treatment;
  const [condition] = await db
    .select({ id: t.conditions.id })
    .from(t.conditions)
    .where(eq(t.conditions.treatmentSlug, slug))
    .limit(1);
  return {
    kind: "treatment",
    slug,
    title: treatment.title,
    metaTitle: treatment.metaTitle || treatment.title,
    metaDescription: treatment.metaDescription || treatment.shortDescription,
    lede: treatment.lede || treatment.shortDescription,
    schemaType: "MedicalWebPage",
    aboutCondition: !!condition,
    logo: null,
    updatedAt: treatment.updatedAt.toISOString(),
    crumbs: [HOME, { name: "Services", path: "/services" }, { name: treatment.title, path: `/${slug}` }],
    body: await loadBody(db, treatment.body),
  };
}

/** An insurance provider's page (also the editor's preview). */
export async function insurerView(db: Db, provider: t.InferInsuranceProvider): Promise<ContentPageView> {
  const { slug } = provider;
  const title = `${provider.name} Insurance`;
  return {
    kind: "insurance",
    slug,
    title,
    metaTitle: provider.metaTitle || title,
    metaDescription: provider.metaDescription,
    lede: provider.lede,
    schemaType: "WebPage",
    aboutCondition: false,
    logo: provider.logo,
    updatedAt: provider.updatedAt.toISOString(),
    crumbs: [HOME, { name: "Insurance", path: "/insurance" }, { name: provider.name, path: `/${slug}` }],
    body: await loadBody(db, provider.body),
  };
}

export async function findPage(db: Db, slug: string) {
  const [page] = await db
    .select()
    .from(t.pages)
    .where(and(eq(t.pages.slug, slug), eq(t.pages.published, true)));
  return page ?? null;
}

export async function pageView(db: Db, page: t.Page, crumbs?: Crumb[]): Promise<ContentPageView> {
  return {
    kind: "page",
    slug: page.slug,
    title: page.title,
    metaTitle: page.metaTitle || page.title,
    metaDescription: page.metaDescription,
    lede: page.lede,
    schemaType: page.schemaType,
    aboutCondition: false,
    logo: null,
    updatedAt: page.updatedAt.toISOString(),
    crumbs: crumbs ?? [HOME, { name: page.title, path: `/${page.slug}` }],
    body: await loadBody(db, page.body),
  };
}
