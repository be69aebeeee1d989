import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { images } from "./images";

// ---------------------------------------------------------------------------
// The public site's words and lists: site content, treatments, insurance
// providers, clinicians, offices and the pages with words of their own
// (docs/content.md). Loaded from content/ by the demo seed; edited by staff.
// ---------------------------------------------------------------------------

export type SocialLinks = Partial<
  Record<"booking" | "facebook" | "x" | "instagram" | "tiktok" | "linkedin" | "youtube", string>
>;
export type OfficeHours = { label: string; value: string }[];
export type MapData = { latitude: number; longitude: number; query: string };
/** A day an office is shut although its weekday says open (a holiday): "2026-12-25" and a few words. */
export type HolidayClosure = { date: string; note: string };

/** The single site-content record (spec §3 plus the clinic's identity). */
export const siteContent = pgTable(
  "site_content",
  {
    id: integer("id").primaryKey().default(1),
    clinicName: text("clinic_name").notNull(),
    tagline: text("tagline"),
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
    reviewCount: integer("review_count"),
    reviewRating: real("review_rating"),
    aboutText: text("about_text"),
    footerPhone: text("footer_phone"),
    footerEmail: text("footer_email"),
    footerAddress: text("footer_address"),
    footerCityLine: text("footer_city_line"),
    patientPortalUrl: text("patient_portal_url"),
    virtualVisitUrl: text("virtual_visit_url"),
    /** The reply promise the lead forms make ("within 24 hours"); null: the built-in one. */
    replyPromise: text("reply_promise"),
    social: jsonb("social").$type<SocialLinks>().notNull().default({}),
    hours: jsonb("hours").$type<OfficeHours>().notNull().default([]),
    map: jsonb("map").$type<MapData | null>(),
    areasServed: jsonb("areas_served").$type<string[]>().notNull().default([]),
    // No longer read: migration 0018 copied them to ads_measurement_settings, edited at /admin/google-ads-setup (decision 0034).
    analyticsMeasurementId: text("analytics_measurement_id"),
    adPixelId: text("ad_pixel_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_content_single_row", sql`${t.id} = 1`)],
);

/**
 * The words of a page that has its own URL: its search title and description,
 * the sentence under its h1 and its Markdown body (docs/content.md).
 */
const pageWords = {
  metaTitle: text("meta_title").notNull().default(""),
  metaDescription: text("meta_description").notNull().default(""),
  lede: text("lede").notNull().default(""),
  body: text("body").notNull().default(""),
};

export const treatmentIcons = ["Brain", "Heart", "Users", "Activity"] as const;
export type TreatmentIcon = (typeof treatmentIcons)[number];

export const treatments = pgTable(
  "treatments",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    icon: text("icon").$type<TreatmentIcon>(),
    /** Shown in the home page's services (in list order); none featured: the home shows them all. */
    featured: boolean("featured").notNull().default(false),
    ...pageWords,
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("treatments_sort_idx").on(t.sortOrder, t.id),
    check("treatments_icon_known", sql`${t.icon} is null or ${t.icon} in ('Brain','Heart','Users','Activity')`),
  ],
);

export const insuranceProviders = pgTable(
  "insurance_providers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    logo: text("logo"),
    ...pageWords,
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("insurance_providers_sort_idx").on(t.sortOrder, t.id)],
);

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  quote: text("quote").notNull(),
  author: text("author").notNull(),
  context: text("context"),
  rating: integer("rating").notNull().default(5),
  sortOrder: integer("sort_order").notNull().default(0),
  published: boolean("published").notNull().default(true),
});

export const teamMembers = pgTable("team_members", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  credentials: text("credentials").notNull(),
  role: text("role").notNull(),
  licenseType: text("license_type").notNull(),
  specialties: jsonb("specialties").$type<string[]>().notNull().default([]),
  languages: jsonb("languages").$type<string[]>().notNull().default([]),
  acceptingNewPatients: boolean("accepting_new_patients").notNull().default(true),
  modalities: jsonb("modalities").$type<string[]>().notNull().default([]),
  bio: text("bio").notNull(),
  metaDescription: text("meta_description").notNull().default(""),
  /** The uploaded photo (decision 0037's pipeline: its alt text and variants); none: an initials tile. */
  photoImageId: integer("photo_image_id").references(() => images.id, { onDelete: "set null" }),
  /** What people choose a clinician by (issue 20): short texts and the offices and insurers, by id. */
  education: text("education").notNull().default(""),
  approach: text("approach").notNull().default(""),
  availability: text("availability").notNull().default(""),
  locationIds: jsonb("location_ids").$type<number[]>().notNull().default([]),
  insuranceIds: jsonb("insurance_ids").$type<number[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const conditions = pgTable("conditions", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  summary: text("summary").notNull(),
  treatmentSlug: text("treatment_slug"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqItems = pgTable("faq_items", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const locations = pgTable("locations", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  phone: text("phone").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  description: text("description").notNull(),
  areasServed: jsonb("areas_served").$type<string[]>().notNull().default([]),
  isPrimary: boolean("is_primary").notNull().default(false),
  /** Visits by video only: the address is where the clinicians work, not a place patients come to. */
  telehealthOnly: boolean("telehealth_only").notNull().default(false),
  metaDescription: text("meta_description").notNull().default(""),
  hours: jsonb("hours").$type<OfficeHours>().notNull().default([]),
  closures: jsonb("closures").$type<HolidayClosure[]>().notNull().default([]),
  directions: text("directions").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pageSections = ["info", "topic", "legal"] as const;
export type PageSection = (typeof pageSections)[number];
export const pageSchemaTypes = ["MedicalWebPage", "Service", "WebPage"] as const;
export type PageSchemaType = (typeof pageSchemaTypes)[number];

/** Every other public page with words of its own: info, topic and legal pages, list introductions. */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    section: text("section").$type<PageSection>().notNull(),
    schemaType: text("schema_type").$type<PageSchemaType>().notNull().default("WebPage"),
    title: text("title").notNull(),
    ...pageWords,
    published: boolean("published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pages_section_known", sql`${t.section} in ('info','topic','legal')`),
    check("pages_schema_type_known", sql`${t.schemaType} in ('MedicalWebPage','Service','WebPage')`),
  ],
);
export type Page = typeof pages.$inferSelect;
export type InferTreatment = typeof treatments.$inferSelect;
export type InferInsuranceProvider = typeof insuranceProviders.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type Condition = typeof conditions.$inferSelect;
export type Location = typeof locations.$inferSelect;
