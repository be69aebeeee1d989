import { canonicalUrl } from "~/lib/canonical-url";

/** A page as schema.org sees it (WebPage, ContactPage …), part of the clinic's site. */
export function webPageJsonLd(input: {
  type: "WebPage" | "ContactPage";
  name: string;
  description: string;
  path: string;
  publicUrl: string;
  clinicName: string;
  telephone?: string;
}) {
  const url = canonicalUrl(input.publicUrl, input.path);
  return {
    "@context": "https://schema.org",
    "@type": input.type,
    "@id": `${url}#webpage`,
    name: input.name,
    description: input.description,
    url,
    inLanguage: "en-US",
    isPartOf: { "@type": "WebSite", name: input.clinicName, url: `${input.publicUrl}/` },
    about: {
      "@type": "MedicalClinic",
      "@id": `${input.publicUrl}/#clinic`,
      name: input.clinicName,
      ...(input.telephone ? { telephone: input.telephone } : {}),
    },
  };
}

/** "Page | Clinic" when that fits the 60 characters search results show, else the page's own title. */
export function titleWithSite(title: string, siteName: string, max = 60): string {
  const full = `${title} | ${siteName}`;
  return full.length <= max ? full : title.slice(0, max);
}
