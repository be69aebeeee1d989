/** Third-party frames the visitor can choose to load (the map a visitor asks for in a map panel). */
export const MAP_FRAME_ORIGIN = "https://www.openstreetmap.org";
