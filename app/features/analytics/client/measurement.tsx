import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { consentAtStart, initConsent } from "~/features/consent/consent-controller";
import { ConsentSlot } from "~/features/consent/consent-slot";
import type { MeasurementConfig } from "~/features/consent/measurement-config";
import { captureCampaign } from "./campaign";
import { bindClicks } from "./click-delegation";
import { notePath, startMeasurement } from "./runtime";

/**
 * Mounted once by the root: notes the landing campaign, binds the delegated
 * click listener, starts measurement when the page has settled (spec §4),
 * counts a page view per path change, and holds the consent banner.
 */
export function Measurement({ config, stickyCta }: { config: MeasurementConfig | undefined; stickyCta: boolean }) {
  const { pathname } = useLocation();
  // Settings come with the document; a later change applies from the next load.
  const initial = useRef(config);

  useEffect(() => {
    initConsent(initial.current);
    bindClicks();
    startMeasurement(captureCampaign(window.location, document.referrer), consentAtStart);
  }, []);

  useEffect(() => {
    notePath(pathname);
  }, [pathname]);

  return <ConsentSlot config={config} stickyCta={stickyCta} />;
}
