import { MapPin, Navigation, Phone } from "lucide-react";
import { Link } from "react-router";
import { ExternalLink } from "~/components/ui/external-link";
import { directionsUrl } from "~/lib/directions-url";
import { telHref } from "~/features/content/site-content";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

export default function LocationsSection({ locations }: { locations: HomePageData["locations"] }) {
  const copy = lazySectionHeadings.locations;
  return (
    <section aria-labelledby="locations-title" className="below-fold bg-surface" data-section="locations">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <SectionHeading id="locations-title" heading={copy.heading} intro={copy.intro} />
        <ul
          tabIndex={0}
          aria-label="Our offices"
          className="flex gap-4 overflow-x-auto pb-3 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:pb-0"
        >
          {locations.map((location) => {
            const address = `${location.street}, ${location.city}, ${location.state} ${location.zip}`;
            return (
              <li
                key={location.id}
                className="grid w-[90%] shrink-0 content-start gap-2 rounded-card border border-line bg-canvas p-5 md:w-auto"
              >
                <h3 className="text-xl font-semibold">
                  <Link
                    to={`/locations/${location.slug}`}
                    className="text-primary-dark underline-offset-4 hover:underline"
                  >
                    {location.name}
                  </Link>
                </h3>
                <p className="flex gap-2">
                  <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
                  <span>
                    {location.street}
                    <br />
                    {location.city}, {location.state} {location.zip}
                  </span>
                </p>
                <a
                  href={telHref(location.phone)}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary-dark"
                >
                  <Phone aria-hidden className="size-4" />
                  {location.phone}
                </a>
                <ExternalLink
                  href={directionsUrl(address)}
                  data-track="get_directions"
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary-dark underline underline-offset-4"
                >
                  <Navigation aria-hidden className="size-4" />
                  Directions to {location.city}
                </ExternalLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
