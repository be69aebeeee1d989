import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { Static } from "~/document/static";
import { legalLinks, quickLinks, serviceLinks, socialLabels } from "../nav-links";
import { telHref, type SiteContent } from "~/features/content/site-content";
import { CrisisNotice } from "~/components/crisis-notice";
import { ExternalLink } from "~/components/ui/external-link";
import { NewsletterBox } from "./newsletter-box";
import { VisitOurClinic } from "./visit-our-clinic";

const linkClass =
  "inline-flex min-h-6 items-center py-1 text-white/90 underline-offset-4 hover:text-white hover:underline";

function FooterLinks({ links }: { links: readonly { to: string; label: string; track?: string }[] }) {
  return (
    <ul className="grid text-sm">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass} data-track={link.track}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter({
  site,
  showVisitBlock,
  showAbout = true,
  consentChoices = false,
}: {
  site: SiteContent;
  /** The about text's first paragraph; left out on the home page, whose About section is that paragraph. */
  showAbout?: boolean;
  showVisitBlock: boolean;
  /** Third-party measurement is configured: offer the way back to the consent banner. */
  consentChoices?: boolean;
}) {
  const socials = Object.entries(socialLabels).filter(([key]) => site.social[key as keyof typeof socialLabels]);
  return (
    <footer>
      {showVisitBlock ? <VisitOurClinic site={site} /> : null}

      <Static className="bg-primary-soft">
        <div className="container-page py-5">
          <CrisisNotice className="text-primary-dark" />
        </div>
      </Static>

      <div className="bg-primary-dark text-white">
        {/* Two columns from the smallest phone up (the link lists side by side), four on wide screens. */}
        <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 max-sm:[&>:first-child]:col-span-2 max-sm:[&>:last-child]:col-span-2 lg:grid-cols-4 lg:gap-10 lg:py-12">
          {/* The three link columns are static; the newsletter box is interactive. */}
          <Static>
            <div className="grid content-start gap-4">
              <div>
                <p className="text-xl font-bold">{site.clinicName}</p>
                <p className="text-white/85">{site.tagline}</p>
              </div>
              {showAbout ? <p className="text-sm text-white/85">{site.aboutText.split("\n\n")[0]}</p> : null}
              <ul className="grid gap-2 text-sm">
                <li>
                  <a href={telHref(site.footerPhone)} className={`${linkClass} gap-2 font-semibold`}>
                    <Phone aria-hidden className="size-4" />
                    {site.footerPhone}
                  </a>
                </li>
                <li>
                  <a href={`mailto:${site.footerEmail}`} className={`${linkClass} gap-2`}>
                    <Mail aria-hidden className="size-4" />
                    {site.footerEmail}
                  </a>
                </li>
                <li className="flex gap-2 text-white/90">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <address className="not-italic">
                    {site.footerAddress}
                    <br />
                    {site.footerCityLine}
                  </address>
                </li>
              </ul>
            </div>

            <div className="grid content-start gap-3">
              <h2 className="flex items-center gap-2 text-base font-semibold">
                <Clock aria-hidden className="size-4" />
                Office Hours
              </h2>
              <dl className="grid gap-1 text-sm">
                {site.hours.map((row) => (
                  <div key={row.label} className="flex flex-wrap justify-between gap-x-4">
                    <dt className="text-white/85">{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
              <h2 className="mt-4 text-base font-semibold">Quick Links</h2>
              <FooterLinks links={quickLinks} />
            </div>

            <div className="grid content-start gap-3">
              <h2 className="text-base font-semibold">Services &amp; Treatments</h2>
              <FooterLinks links={serviceLinks} />
              {socials.length > 0 ? (
                <>
                  <h2 className="mt-4 text-base font-semibold">Follow Us</h2>
                  <ul className="flex flex-wrap gap-x-3 text-sm">
                    {socials.map(([key, label]) => (
                      <li key={key}>
                        <ExternalLink
                          href={site.social[key as keyof typeof socialLabels]}
                          // Short names ("X") still get a 24px-wide target (WCAG 2.5.8).
                          className={`${linkClass} min-w-6 justify-center`}
                        >
                          {label}
                        </ExternalLink>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          </Static>
          <NewsletterBox />
        </div>

        <Static className="border-t border-white/20">
          <div className="container-page grid gap-2 py-6 text-xs text-white/85">
            <p>
              © {new Date().getFullYear()} {site.clinicName}. All rights reserved.
            </p>
            <p>
              Care is provided by psychiatrists, nurse practitioners and therapists licensed in the State of Florida.
            </p>
            <p>
              We do not sell or advertise prescription drugs online. Medication is prescribed only after an evaluation
              by a licensed clinician.
            </p>
            <p>Demo site: the clinic, its people, reviews and phone numbers are fictional.</p>
            <nav aria-label="Policies">
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {legalLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={`${linkClass} underline`}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {consentChoices ? (
              <p>
                {/* Handled by a delegated listener: this section is not hydrated on the first load. */}
                <button type="button" data-consent-open="" className={`${linkClass} cursor-pointer underline`}>
                  Cookie &amp; tracking choices
                </button>
              </p>
            ) : null}
          </div>
        </Static>
      </div>
    </footer>
  );
}
