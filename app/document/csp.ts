/** Third-party frames the visitor can choose to load (the click-to-load map). */
export const MAP_FRAME_ORIGIN = "https://www.openstreetmap.org";
