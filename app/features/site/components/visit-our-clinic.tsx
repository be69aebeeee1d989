import { MapPin, Navigation } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { SiteContent } from "~/features/content/site-content";
import { directionsUrl } from "~/lib/directions-url";
import { ClickToLoadMap } from "./click-to-load-map";
import { ExternalLink } from "~/components/ui/external-link";

/** "Visit Our Clinic" (spec §2): address, directions, served areas and a map loaded on request. */
export function VisitOurClinic({ site }: { site: SiteContent }) {
  const address = `${site.footerAddress}, ${site.footerCityLine}`;
  const query = site.map?.query ?? address;
  return (
    <section aria-labelledby="visit-title" className="bg-sand">
      <div className="container-page grid gap-8 py-12 md:grid-cols-2 md:items-center">
        <div className="grid gap-4">
          <h2 id="visit-title" className="text-2xl font-bold text-primary-dark">
            Visit Our Clinic
          </h2>
          <p className="flex items-start gap-2 text-lg">
            <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <span>
              {site.footerAddress}
              <br />
              {site.footerCityLine}
            </span>
          </p>
          <p className="text-muted">Serving {site.areasServed.join(", ")}.</p>
          <div>
            <ExternalLink
              href={directionsUrl(query)}
              className={buttonVariants({ variant: "secondary" })}
              data-track="get_directions"
            >
              <Navigation aria-hidden className="size-4" />
              Get Directions
            </ExternalLink>
          </div>
        </div>
        {site.map ? (
          <ClickToLoadMap latitude={site.map.latitude} longitude={site.map.longitude} label={address} />
        ) : null}
      </div>
    </section>
  );
}
