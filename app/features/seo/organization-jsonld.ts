import type { SiteContent } from "~/features/content/site-content";

/** Opening hours of spec §2/§9 in schema.org form (Mon–Fri 09:00–17:00). */
const openingHours = [
  {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "17:00",
  },
];

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
    openingHoursSpecification: openingHours,
    sameAs: Object.values(site.social).filter(Boolean),
  };
}
