import { mapFramePath } from "~/document/map-frame-path";

/**
 * A map is a third-party frame: nothing may be requested from the map
 * service (which would learn the visitor's address and that they look at a
 * clinic) until the visitor asks. The panel frames our own page, which asks
 * and then becomes the map (server/map-frame.ts): no script on this page,
 * and it works without JavaScript (decision 0049).
 */
export function MapPanel({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  return (
    <iframe
      title={`Map showing ${label}`}
      src={mapFramePath(latitude, longitude)}
      loading="lazy"
      className="aspect-[4/3] w-full rounded-card border border-line bg-surface"
    />
  );
}
