import { CalendarCheck, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { telHref, type SiteContent } from "~/features/content/site-content";
import type { Crumb } from "../breadcrumbs";
import { relatedPages } from "../related-pages";

const boxClass = "grid gap-3 rounded-card border border-line bg-surface p-5";
const titleClass = "text-lg font-bold text-primary-dark";
const linkClass = "inline-flex min-h-6 items-center gap-2 underline underline-offset-4";

/**
 * The inner pages' side column (issue 20): the next step, how to reach us and
 * where to read on. Plain links and markup, no state: it adds no client code
 * of its own. Beside the reading column from 1024 px, after it below.
 */
export function SideColumn({
  site,
  path,
  crumbs,
  contact = true,
}: {
  site: SiteContent;
  /** The page's own address (left out of its related pages) and its trail (its parent comes first). */
  path: string;
  crumbs?: Crumb[];
  /** Off where the page is itself an office's contact details. */
  contact?: boolean;
}) {
  const related = relatedPages(path, crumbs);
  return (
    <aside aria-label="Next steps and contact" className="grid content-start gap-5">
      <section aria-labelledby="side-next-title" className="grid gap-3 rounded-card bg-primary-soft p-5">
        <h2 id="side-next-title" className={titleClass}>
          Take the next step
        </h2>
        <p className="text-sm text-ink">Tell us what you are looking for and we will reply {site.replyPromise}.</p>
        <Link to="/request-appointment" className={buttonVariants()}>
          <CalendarCheck aria-hidden className="size-4" />
          Request Appointment
        </Link>
        <a href={telHref(site.footerPhone)} className={buttonVariants({ variant: "outline" })}>
          {/* Named by the number alone: the page's own "Call …" link (a get-started block) stays the only one. */}
          <Phone aria-hidden className="size-4" />
          {site.footerPhone}
        </a>
      </section>
      {contact ? (
        <section aria-labelledby="side-contact-title" className={boxClass}>
          <h2 id="side-contact-title" className={titleClass}>
            Contact
          </h2>
          <a href={`mailto:${site.footerEmail}`} className={linkClass}>
            <Mail aria-hidden className="size-4 shrink-0 text-primary" />
            {site.footerEmail}
          </a>
          <a href={site.mainOfficeSlug ? `/locations/${site.mainOfficeSlug}` : "/locations"} className={linkClass}>
            <MapPin aria-hidden className="size-4 shrink-0 text-primary" />
            <span>
              {site.footerAddress}, {site.footerCityLine}
            </span>
          </a>
        </section>
      ) : null}
      {related.length > 0 ? (
        <nav aria-labelledby="side-related-title" className={boxClass}>
          <h2 id="side-related-title" className={titleClass}>
            Related pages
          </h2>
          <ul className="grid gap-2">
            {related.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={`${linkClass} font-semibold text-primary-dark`}>
                  {page.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}
