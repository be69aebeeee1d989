/** What a clinician's page shows: the member's words, their portrait's markup, their offices and insurers. */
export interface TeamProfile {
  slug: string;
  name: string;
  credentials: string;
  role: string;
  licenseType: string;
  bio: string;
  specialties: string[];
  languages: string[];
  modalities: string[];
  acceptingNewPatients: boolean;
  metaDescription: string;
  education: string;
  approach: string;
  availability: string;
  /** The photo or the initials tile, as HTML (team-portrait.server.tsx). */
  portrait: string;
  /** The photo's JPEG for structured data; null without a photo. */
  image: string | null;
  offices: { slug: string; name: string }[];
  insurers: { slug: string; name: string }[];
  updatedAt: string;
}
