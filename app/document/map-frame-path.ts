import { MAP_FRAME_ORIGIN } from "./csp";

/**
 * Maps without a script (decision 0049): a page embeds our own small page at
 * MAP_FRAME_PATH, which asks before anything is requested from the map
 * service; its "Show map" link then takes that frame to the service's map.
 */
export const MAP_FRAME_PATH = "/map-frame";

/** The embed of one place, its query in a fixed order and precision (so one office is one cached URL). */
export const mapFramePath = (latitude: number, longitude: number) =>
  `${MAP_FRAME_PATH}?lat=${latitude.toFixed(5)}&lng=${longitude.toFixed(5)}`;

/** The map service's own embed around a point, with a marker on it. */
export function mapEmbedUrl(latitude: number, longitude: number) {
  const d = 0.008;
  const bbox = [longitude - d, latitude - d / 2, longitude + d, latitude + d / 2].map((n) => n.toFixed(5)).join(",");
  return `${MAP_FRAME_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}
