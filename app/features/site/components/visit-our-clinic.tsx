import { MapPin, Navigation } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { SiteContent } from "~/features/content/site-content";
import { directionsUrl } from "~/lib/directions-url";
import { ExternalLink } from "~/components/ui/external-link";

/**
 * "Visit Our Clinic" (spec §2): the main office's address, directions and the served areas, as a compact
 * card. The map panel (loaded only when asked) is no longer here: on most pages it was a large empty box;
 * each office's page shows its own (decision 0042), and only that route's script carries the map.
 */
export function VisitOurClinic({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="visit-title" className="bg-sand">
      <div className="container-page grid gap-x-8 gap-y-3 py-6 md:grid-cols-[auto_1fr_auto] md:items-center">
        <h2 id="visit-title" className="text-xl font-bold text-primary-dark md:text-2xl">
          Visit Our Clinic
        </h2>
        <div className="grid gap-1">
          <p className="flex items-start gap-2 md:text-lg">
            <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <a
              href={site.mainOfficeSlug ? `/locations/${site.mainOfficeSlug}` : "/locations"}
              className="underline decoration-line underline-offset-4 hover:decoration-current"
            >
              {site.footerAddress}
              <br />
              {site.footerCityLine}
            </a>
          </p>
          <p className="text-sm text-muted">Serving {site.areasServed.join(", ")}.</p>
        </div>
        <ExternalLink
          href={directionsUrl(site.map?.query ?? `${site.footerAddress}, ${site.footerCityLine}`)}
          className={`${buttonVariants({ variant: "secondary" })} justify-self-start`}
          data-track="get_directions"
        >
          <Navigation aria-hidden className="size-4" />
          Get Directions
        </ExternalLink>
      </div>
    </section>
  );
}
