import type { Location, PageSchemaType, TeamMember } from "~/db/schema";
import { openingHoursSpecification } from "~/features/content/opening-hours";
import { canonicalUrl } from "~/lib/canonical-url";

/**
 * schema.org descriptions of the public pages. Every node names the clinic by
 * the `@id` the home page's organisation block declares, so search engines
 * tie the pages, clinicians and offices to one practice.
 */
export const clinicId = (publicUrl: string) => `${publicUrl}/#clinic`;

interface PageFacts {
  name: string;
  description: string;
  path: string;
  publicUrl: string;
  modified?: Date | string;
}

function pageNode(type: string, facts: PageFacts) {
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: facts.name,
    description: facts.description,
    url: canonicalUrl(facts.publicUrl, facts.path),
    inLanguage: "en-US",
    isPartOf: { "@type": "WebSite", url: `${facts.publicUrl}/` },
    publisher: { "@id": clinicId(facts.publicUrl) },
    ...(facts.modified ? { dateModified: new Date(facts.modified).toISOString() } : {}),
  };
}

/** An info, topic or legal page, as its front-matter's schemaType says. */
export function contentPageJsonLd(schemaType: PageSchemaType, facts: PageFacts) {
  if (schemaType === "Service") {
    return {
      "@context": "https://schema.org",
      "@type": "Service",
      name: facts.name,
      description: facts.description,
      url: canonicalUrl(facts.publicUrl, facts.path),
      serviceType: facts.name,
      provider: { "@id": clinicId(facts.publicUrl) },
      areaServed: { "@type": "State", name: "Florida" },
    };
  }
  return pageNode(schemaType, facts);
}

/** A treatment page: a MedicalWebPage about the condition it treats, or about the therapy itself. */
export function treatmentJsonLd(facts: PageFacts & { aboutCondition: boolean }) {
  return {
    ...pageNode("MedicalWebPage", facts),
    about: { "@type": facts.aboutCondition ? "MedicalCondition" : "MedicalTherapy", name: facts.name },
    audience: { "@type": "Patient" },
  };
}

/** A clinician: a Physician when they hold an MD or DO, otherwise a Person with their licence. */
export function clinicianJsonLd(
  member: Pick<TeamMember, "name" | "credentials" | "role" | "bio" | "languages" | "specialties" | "licenseType"> & {
    /** The photo's JPEG path; null without a photo. */
    image: string | null;
  },
  publicUrl: string,
  path: string,
) {
  const physician = /\b(MD|DO)\b/.test(member.credentials);
  return {
    "@context": "https://schema.org",
    "@type": physician ? ["Physician", "Person"] : "Person",
    name: member.name,
    honorificSuffix: member.credentials,
    jobTitle: member.role,
    description: member.bio,
    url: canonicalUrl(publicUrl, path),
    ...(member.image ? { image: new URL(member.image, `${publicUrl}/`).href } : {}),
    knowsLanguage: member.languages,
    knowsAbout: member.specialties,
    hasCredential: { "@type": "EducationalOccupationalCredential", credentialCategory: member.licenseType },
    worksFor: { "@id": clinicId(publicUrl) },
  };
}

export function officeJsonLd(office: Location, clinicName: string, publicUrl: string, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    "@id": `${canonicalUrl(publicUrl, path)}#office`,
    name: `${clinicName} — ${office.name}`,
    description: office.description,
    url: canonicalUrl(publicUrl, path),
    telephone: office.phone,
    image: `${publicUrl}/og-default.png`,
    priceRange: "$$",
    medicalSpecialty: ["Psychiatric", "Psychology"],
    parentOrganization: { "@id": clinicId(publicUrl) },
    address: {
      "@type": "PostalAddress",
      streetAddress: office.street,
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.zip,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: office.latitude, longitude: office.longitude },
    openingHoursSpecification: openingHoursSpecification(office.hours),
    // A holiday closure: a whole day closed, as Google reads it (opens and closes 00:00 on that date).
    ...(office.closures.length > 0
      ? {
          specialOpeningHoursSpecification: office.closures.map((c) => ({
            "@type": "OpeningHoursSpecification",
            opens: "00:00",
            closes: "00:00",
            validFrom: c.date,
            validThrough: c.date,
          })),
        }
      : {}),
    areaServed: office.areasServed.map((name) => ({ "@type": "City", name })),
  };
}
