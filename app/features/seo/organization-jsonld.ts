import { openingHoursSpecification } from "~/features/content/opening-hours";
import type { SiteContent } from "~/features/content/site-content";

/** The clinic as a schema.org MedicalClinic, for the home page. */
export function organizationJsonLd(site: SiteContent, publicUrl: string) {
  const [locality, rest] = site.footerCityLine.split(",").map((s) => s.trim());
  const [region, postalCode] = (rest ?? "").split(/\s+/);
  return {
    "@context": "https://schema.org",
    "@type": ["MedicalClinic", "MedicalBusiness"],
    "@id": `${publicUrl}/#clinic`,
    name: site.clinicName,
    slogan: site.tagline,
    description: site.heroSubtitle,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/logo.svg`,
    image: `${publicUrl}/og-default.png`,
    telephone: site.footerPhone,
    email: site.footerEmail,
    priceRange: "$$",
    currenciesAccepted: "USD",
    paymentAccepted: "Insurance, Credit Card",
    areaServed: { "@type": "State", name: "Florida" },
    medicalSpecialty: ["Psychiatric", "Psychology"],
    address: {
      "@type": "PostalAddress",
      streetAddress: site.footerAddress,
      addressLocality: locality,
      addressRegion: region,
      postalCode,
      addressCountry: "US",
    },
    ...(site.map
      ? { geo: { "@type": "GeoCoordinates", latitude: site.map.latitude, longitude: site.map.longitude } }
      : {}),
    // The main office's hours, the same rows the footer shows (decision 0042).
    openingHoursSpecification: openingHoursSpecification(site.hours),
    sameAs: Object.values(site.social).filter(Boolean),
  };
}
