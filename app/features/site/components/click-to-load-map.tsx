import { MapPin } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { MAP_FRAME_ORIGIN } from "~/document/csp";

function mapEmbedUrl(latitude: number, longitude: number) {
  const d = 0.008;
  const bbox = [longitude - d, latitude - d / 2, longitude + d, latitude + d / 2].map((n) => n.toFixed(5)).join(",");
  return `${MAP_FRAME_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}

/**
 * A map is a third-party frame: nothing is requested from the map service
 * (which would learn the visitor's address and that they look at a clinic)
 * until the visitor asks for it.
 */
export function ClickToLoadMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const [showMap, setShowMap] = useState(false);
  return (
    <div className="aspect-[4/3] overflow-hidden rounded-card border border-line bg-surface">
      {showMap ? (
        <iframe
          title={`Map showing ${label}`}
          src={mapEmbedUrl(latitude, longitude)}
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
          >
            Show map
          </button>
        </div>
      )}
    </div>
  );
}
