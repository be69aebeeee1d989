import type { SocialLinks } from "~/db/schema";
import { META_LIMITS } from "~/lib/meta-limits";
import { WEEKDAYS, type WeekHours } from "./week-hours";

/**
 * What the content editor's fields may hold: the limits its form tells the
 * browser and the words it shows (the server checks the same in
 * content-schema.server.ts). Lengths fit the places the words are shown:
 * the header, the footer, a location card.
 */
export const CONTENT_LIMITS = {
  clinicName: { min: 2, max: 80 },
  email: { max: 254 },
  address: { max: 300 },
  replyPromise: { min: 5, max: 40 },
  officeName: { min: 3, max: 60 },
  officeSlug: { min: 2, max: 60 },
  officeDescription: { min: 20, max: 300 },
  /** "Getting here" on the office page, beside its map: the seed's run 188–250 characters. */
  officeDirections: { min: 20, max: 300 },
  /** What search engines show under the office page's title (the seed's rule, META_LIMITS). */
  officeSearchDescription: { min: META_LIMITS.descriptionMin, max: META_LIMITS.descriptionMax },
  /** Areas served, typed as names separated by commas: how many, and each name's length. */
  areas: 8,
  area: { min: 2, max: 40 },
  street: { min: 3, max: 100 },
  city: { min: 2, max: 60 },
  dayNote: { max: 40 },
  closureNote: { max: 80 },
  /** Holiday closures an office lists at once. */
  closures: 20,
  /** Empty rows offered for new closures below the saved ones. */
  newClosureRows: 3,
} as const;

export const SOCIAL_NETWORKS = ["booking", "facebook", "instagram", "x", "linkedin", "youtube", "tiktok"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number] & keyof SocialLinks;

export const SOCIAL_WORDS: Record<SocialNetwork, { label: string; hosts: readonly string[] }> = {
  booking: { label: "Online booking page", hosts: [] },
  facebook: { label: "Facebook", hosts: ["facebook.com"] },
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  x: { label: "X (Twitter)", hosts: ["x.com", "twitter.com"] },
  linkedin: { label: "LinkedIn", hosts: ["linkedin.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  tiktok: { label: "TikTok", hosts: ["tiktok.com"] },
};

/** The clinic's own settings as the editor saves them. */
export interface ClinicValues {
  clinicName: string;
  footerEmail: string;
  patientPortalUrl: string | null;
  virtualVisitUrl: string | null;
  replyPromise: string;
  social: SocialLinks;
}

/** The editable part of an office (which office is the main one is chosen on its own form). */
export interface LocationValues {
  name: string;
  /** Its page's address: /locations/{slug}. */
  slug: string;
  description: string;
  /** "Getting here": parking, transit, the entrance; empty: no such section. */
  directions: string;
  /** The page's meta description; empty: the page uses its description. */
  metaDescription: string;
  /** Visits by video only: the page offers no directions or map. */
  telehealthOnly: boolean;
  latitude: number;
  longitude: number;
  areasServed: string[];
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  hours: { label: string; value: string }[];
  closures: { date: string; note: string }[];
}

/** The form's names: a weekday's three fields, a closure row's two. */
export const dayField = (day: (typeof WEEKDAYS)[number], part: keyof WeekHours["Monday"]) =>
  `${day.toLowerCase()}.${part}`;
export const closureField = (row: number, part: "date" | "note") => `closure${row}.${part}`;

/** What the audit detail and the history call each field. */
export const FIELD_LABELS: Record<string, string> = {
  clinicName: "clinic name",
  footerPhone: "main phone",
  footerEmail: "e-mail",
  patientPortalUrl: "patient portal link",
  virtualVisitUrl: "virtual visit link",
  replyPromise: "reply promise",
  social: "social links",
  street: "street",
  city: "city",
  state: "state",
  areasServed: "areas served",
  zip: "ZIP code",
  phone: "phone",
  hours: "opening hours",
  closures: "holiday closures",
  order: "order",
  added: "added",
  removed: "deleted",
  restored: "put back",
  question: "question",
  answer: "answer",
  quote: "quote",
  author: "shared by",
  context: "context",
  rating: "rating",
  published: "shown on the website",
  name: "name",
  slug: "address",
  logo: "logo",
  summary: "summary",
  treatmentSlug: "related treatment",
  featured: "featured on the home page",
  telehealthOnly: "telehealth only",
  latitude: "latitude",
  longitude: "longitude",
  description: "description",
  directions: "getting here",
  metaDescription: "search description",
  mainOffice: "main office",
};
