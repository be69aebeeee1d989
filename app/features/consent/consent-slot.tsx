import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { bannerStore, CLOSED, initConsent } from "./consent-controller";
import { needsConsent, type MeasurementConfig } from "./measurement-config";

const ConsentBanner = lazy(() => import("./consent-banner"));

/**
 * Mounted once by the root: takes the site's third-party settings (those the
 * document came with; a later change applies from the next load) and holds
 * the banner, whose code loads only when there is something to ask.
 */
export function ConsentSlot({ config, stickyCta }: { config: MeasurementConfig | undefined; stickyCta: boolean }) {
  const initial = useRef(config);
  useEffect(() => {
    initConsent(initial.current);
  }, []);
  const state = useSyncExternalStore(bannerStore.subscribe, bannerStore.get, () => CLOSED);
  if (!needsConsent(config) || !state.open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner config={config} opener={state.opener} stickyCta={stickyCta} />
    </Suspense>
  );
}
