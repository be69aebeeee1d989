import { useEffect } from "react";

/**
 * Sections marked `below-fold` (app.css) start skipped: the browser leaves
 * their style and layout until they come near the viewport, so a phone paints
 * and settles the first screen sooner. Left that way, a section laid out late
 * grows from its guessed height, and Tab can move focus to a link that the
 * sections above it then push off the screen as they grow. So once the page is
 * interactive the sections are laid out, one per idle moment, and all at once
 * if a key is pressed first (Tab, find in page).
 */
export function useLayOutBelowFold() {
  useEffect(() => {
    const pending = [...document.querySelectorAll<HTMLElement>(".below-fold")];
    const layOut = (section: HTMLElement) => {
      section.style.contentVisibility = "visible";
    };
    const layOutAll = () => pending.splice(0).forEach(layOut);
    const hasIdle = "requestIdleCallback" in window;
    const whenIdle = (run: () => void) => (hasIdle ? window.requestIdleCallback(run) : window.setTimeout(run, 16));
    let handle = 0;
    const next = () => {
      const section = pending.shift();
      if (!section) return;
      layOut(section);
      handle = whenIdle(next);
    };
    handle = whenIdle(next);
    window.addEventListener("keydown", layOutAll, { capture: true, once: true });
    return () => {
      if (hasIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      window.removeEventListener("keydown", layOutAll, { capture: true });
    };
  }, []);
}
