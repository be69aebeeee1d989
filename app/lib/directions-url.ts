/** Directions to an address in Google Maps, opened by the visitor (nothing loads from Google before that). */
export function directionsUrl(query: string) {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(query)}`;
}
