/**
 * The clinic's own facts the generator grounds a draft in: what the public
 * site already says (services with their addresses, offices, insurers, the
 * team). Public business facts only: no lead, patient or anyone's contact
 * details ever reach this shape (decision 0036).
 */
export interface ClinicFacts {
  clinicName: string;
  tagline: string | null;
  phone: string | null;
  services: { slug: string; title: string; summary: string; path: string }[];
  locations: { name: string; city: string; state: string; path: string }[];
  insurers: string[];
  team: { name: string; credentials: string; role: string; specialties: string[]; path: string }[];
  /** Who telehealth is for: the rule the request form enforces (Florida licensure). */
  telehealthRule: string;
}

export const TELEHEALTH_RULE =
  "Telehealth visits are only for people who are physically in Florida at the time of each visit, because the clinicians are licensed in Florida.";
