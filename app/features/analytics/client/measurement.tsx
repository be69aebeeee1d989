import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { captureCampaign } from "./campaign";
import { bindClicks, type TelLinkHandler } from "./click-delegation";
import { notePath, startMeasurement } from "./runtime";

/**
 * Mounted once by the root: notes the landing campaign, binds the delegated
 * click listener, starts measurement when the page has settled (spec §4) and
 * counts a page view per path change. What runs alongside is the root's to
 * say: `beforeStart` is awaited before queued views go out (third parties
 * the visitor agreed to), `onTelLink` hears every phone-link click.
 */
export function Measurement({
  beforeStart,
  onTelLink,
}: {
  beforeStart: () => Promise<void>;
  onTelLink: TelLinkHandler;
}) {
  const { pathname } = useLocation();
  // Both are fixed for the page's life: the first ones given are the ones used.
  const wiring = useRef({ beforeStart, onTelLink });

  useEffect(() => {
    bindClicks(wiring.current.onTelLink);
    startMeasurement(captureCampaign(window.location, document.referrer), wiring.current.beforeStart);
  }, []);

  useEffect(() => {
    notePath(pathname);
  }, [pathname]);

  return null;
}
