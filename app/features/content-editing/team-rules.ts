import { META_LIMITS } from "~/lib/meta-limits";

/**
 * What a team member's fields may hold: the limits the editor's form tells
 * the browser and the words it shows (the server checks the same in
 * team-schema.server.ts). Lengths fit the cards and the profile page; the
 * seed's six clinicians pass every rule (a test says so).
 */
export const TEAM_LIMITS = {
  name: { min: 2, max: 80 },
  credentials: { min: 2, max: 40 },
  role: { min: 3, max: 80 },
  licenseType: { min: 5, max: 120 },
  bio: { min: 80, max: 1500 },
  slug: { max: 80 },
  education: { max: 200 },
  approach: { max: 400 },
  availability: { max: 140 },
  /** One focus area or language. */
  listItem: { max: 40 },
  specialties: { min: 1, max: 8 },
  languages: { min: 1, max: 6 },
  metaDescription: { min: META_LIMITS.descriptionMin, max: META_LIMITS.descriptionMax },
} as const;

/** How a clinician sees people, as the cards and the structured data say it. */
export const MODALITIES = ["In person", "Telehealth"] as const;

export const TEAM_INTENT = "team-member";
export const TEAM_PREVIEW_INTENT = "team-preview";
export const TEAM_DELETE_INTENT = "team-delete";

/** The form's checkbox groups: every value posted under these names is kept (joined with commas). */
export const TEAM_LIST_FIELDS = ["modalities", "locationIds", "insuranceIds"] as const;

/** A team member as the editor saves them. */
export interface TeamValues {
  slug: string;
  name: string;
  credentials: string;
  role: string;
  licenseType: string;
  photoImageId: number | null;
  bio: string;
  specialties: string[];
  languages: string[];
  modalities: string[];
  acceptingNewPatients: boolean;
  metaDescription: string;
  education: string;
  approach: string;
  availability: string;
  locationIds: number[];
  insuranceIds: number[];
}

/** What the audit detail and the history call each field. */
export const TEAM_FIELD_LABELS: Record<keyof TeamValues, string> = {
  slug: "web address",
  name: "name",
  credentials: "credentials",
  role: "role",
  licenseType: "license",
  photoImageId: "photo",
  bio: "bio",
  specialties: "focus areas",
  languages: "languages",
  modalities: "how they see people",
  acceptingNewPatients: "accepting new patients",
  metaDescription: "search description",
  education: "education",
  approach: "approach",
  availability: "availability",
  locationIds: "offices",
  insuranceIds: "insurance accepted",
};

/**
 * A web address made from a name: "Dr. Zoë O'Neil-Park" → "zoe-oneil-park".
 * Letters lose their accents, anything else becomes a hyphen; empty when the
 * name has no letter or digit a web address can hold.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^(dr|mr|mrs|ms|mx)\.?\s+/, "")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, TEAM_LIMITS.slug.max)
    .replace(/-+$/, "");
}

/** A safe address for /team/{slug}: lower-case letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Depression, Anxiety" or one per line → ["Depression", "Anxiety"]. */
export const splitList = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.replace(/\s+/g, " ").trim())
    .filter(Boolean);
