import { useEffect } from "react";

/**
 * Sections marked `below-fold` (below-fold.css) start skipped: the browser leaves
 * their style and layout until they come near the viewport, so a phone paints
 * and settles the first screen sooner, and a visitor who never scrolls that
 * far never pays for them. Left that way, a section laid out late grows from
 * its guessed height, and Tab can move focus to a link that the sections above
 * it then push off the screen as they grow. So the first key press (Tab, find
 * in page) lays them all out before focus moves.
 *
 * They are not laid out ahead in idle time: on a phone each section is one
 * more 10–20 ms task while the page is settling, for a layout the browser
 * does by itself when the visitor scrolls near.
 */
export function useLayOutBelowFold() {
  useEffect(() => {
    const layOutAll = () => {
      for (const section of document.querySelectorAll<HTMLElement>(".below-fold")) {
        section.style.contentVisibility = "visible";
      }
    };
    window.addEventListener("keydown", layOutAll, { capture: true, once: true });
    return () => window.removeEventListener("keydown", layOutAll, { capture: true });
  }, []);
}
