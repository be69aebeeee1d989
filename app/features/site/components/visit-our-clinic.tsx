import { MapPin, Navigation } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { MAP_FRAME_ORIGIN } from "~/lib/csp";
import type { SiteContent } from "../site-content";
import { ExternalLink } from "./external-link";

export function directionsUrl(query: string) {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(query)}`;
}

function mapEmbedUrl(latitude: number, longitude: number) {
  const d = 0.008;
  const bbox = [longitude - d, latitude - d / 2, longitude + d, latitude + d / 2].map((n) => n.toFixed(5)).join(",");
  return `${MAP_FRAME_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}

/**
 * "Visit Our Clinic": the map is a third-party frame, so nothing is requested
 * from the map service until the visitor asks for it.
 */
export function VisitOurClinic({ site }: { site: SiteContent }) {
  const [showMap, setShowMap] = useState(false);
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
        <div className="aspect-[4/3] overflow-hidden rounded-card border border-line bg-surface">
          {showMap && site.map ? (
            <iframe
              title={`Map showing ${address}`}
              src={mapEmbedUrl(site.map.latitude, site.map.longitude)}
              className="size-full"
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center">
              <MapPin aria-hidden className="size-10 text-primary" />
              <p className="max-w-xs text-sm text-muted">
                The map comes from OpenStreetMap. It loads only if you ask for it.
              </p>
              <button
                type="button"
                className={buttonVariants({ variant: "outline", size: "sm" })}
                onClick={() => setShowMap(true)}
                disabled={!site.map}
              >
                Show map
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
