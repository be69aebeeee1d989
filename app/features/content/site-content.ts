import type { Location, MapData, OfficeHours, SocialLinks } from "~/db/schema";

/** Built-in fallbacks for every shown site-content field (spec §3, §9). */
export const DEFAULT_PHONE = "(407) 555-0142";

export const siteDefaults = {
  clinicName: "Cypress Lane Behavioral Health",
  tagline: "Healing Begins with Empathy",
  heroTitle: "Psychiatry, Therapy & Counseling in Winter Park, FL",
  heroSubtitle:
    "Caring psychiatrists, therapists and counselors, in person in Winter Park and by telehealth anywhere in Florida.",
  aboutText:
    "We are a team of psychiatric clinicians and therapists who take time to listen. Together we build a plan that fits your life, in person or by secure telehealth.",
  footerPhone: DEFAULT_PHONE,
  footerEmail: "hello@cypresslane.example",
  footerAddress: "1450 Osprey Lake Drive, Suite 210",
  footerCityLine: "Orlando, FL 32810",
  hours: [
    { label: "Monday – Friday", value: "9:00 AM – 5:00 PM" },
    { label: "Saturday", value: "By appointment" },
    { label: "Sunday", value: "Closed" },
  ] satisfies OfficeHours,
  areasServed: ["Winter Park", "Orlando", "Altamonte Springs", "Central Florida"],
  replyPromise: "within 24 hours",
} as const;

/** What the API returns (spec §3 field names) and what pages render. */
export interface SiteContent {
  clinicName: string;
  tagline: string;
  heroTitle: string;
  heroSubtitle: string;
  reviewCount: number | null;
  reviewRating: number | null;
  aboutText: string;
  footerPhone: string;
  footerEmail: string;
  footerAddress: string;
  footerCityLine: string;
  patientPortalUrl: string | null;
  virtualVisitUrl: string | null;
  /** How soon the lead forms promise a reply, as words that follow "We'll contact you" ("within 24 hours"). */
  replyPromise: string;
  social: SocialLinks;
  hours: OfficeHours;
  map: MapData | null;
  areasServed: string[];
  /** The main office's page (/locations/{slug}), where the address links; null without offices. */
  mainOfficeSlug: string | null;
}

type Stored = { [K in keyof SiteContent]?: SiteContent[K] | null | undefined };

const orDefault = (value: string | null | undefined, fallback: string) => (value && value.trim() ? value : fallback);

/** Applies the built-in fallback to every shown field that is absent or blank. */
export function withFallbacks(row: Stored | undefined): SiteContent {
  const r = row ?? {};
  return {
    clinicName: orDefault(r.clinicName, siteDefaults.clinicName),
    tagline: orDefault(r.tagline, siteDefaults.tagline),
    heroTitle: orDefault(r.heroTitle, siteDefaults.heroTitle),
    heroSubtitle: orDefault(r.heroSubtitle, siteDefaults.heroSubtitle),
    reviewCount: r.reviewCount ?? null,
    reviewRating: r.reviewRating ?? null,
    aboutText: orDefault(r.aboutText, siteDefaults.aboutText),
    footerPhone: orDefault(r.footerPhone, siteDefaults.footerPhone),
    footerEmail: orDefault(r.footerEmail, siteDefaults.footerEmail),
    footerAddress: orDefault(r.footerAddress, siteDefaults.footerAddress),
    footerCityLine: orDefault(r.footerCityLine, siteDefaults.footerCityLine),
    patientPortalUrl: r.patientPortalUrl ?? null,
    virtualVisitUrl: r.virtualVisitUrl ?? null,
    replyPromise: orDefault(r.replyPromise, siteDefaults.replyPromise),
    social: r.social ?? {},
    hours: r.hours && r.hours.length > 0 ? r.hours : [...siteDefaults.hours],
    map: r.map ?? null,
    areasServed: r.areasServed && r.areasServed.length > 0 ? r.areasServed : [...siteDefaults.areasServed],
    mainOfficeSlug: r.mainOfficeSlug ?? null,
  };
}

/** The main office's fields that stand for the whole clinic. */
export type MainOffice = Pick<
  Location,
  "slug" | "street" | "city" | "state" | "zip" | "phone" | "hours" | "latitude" | "longitude"
>;

/**
 * The site record with the main office's contact details in place of its own: the primary office row is
 * the one source of the clinic's main address, phone, hours and map position (decision 0042). The site
 * record's own footer fields remain the fallback for a site without offices.
 */
export function withMainOffice<R extends object>(row: R | undefined, main: MainOffice | undefined) {
  if (!main) return row ? { ...row, mainOfficeSlug: null } : undefined;
  return {
    ...row,
    footerPhone: main.phone,
    footerAddress: main.street,
    footerCityLine: `${main.city}, ${main.state} ${main.zip}`,
    hours: main.hours,
    map: {
      latitude: main.latitude,
      longitude: main.longitude,
      query: `${main.street}, ${main.city}, ${main.state} ${main.zip}`,
    },
    mainOfficeSlug: main.slug,
  };
}

/** "tel:" target for a displayed phone number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+1${digits.replace(/^1(?=\d{10}$)/, "")}`}`;
}

/** The site's words and address as every page's metadata reads them (part of the root loader's data). */
export interface SiteFacts {
  site: SiteContent;
  publicUrl: string;
}
