import { lazy, Suspense, useSyncExternalStore } from "react";
import { bannerStore, CLOSED } from "./consent-controller";
import { needsConsent, type MeasurementConfig } from "./measurement-config";

const ConsentBanner = lazy(() => import("./consent-banner"));

/** Where the consent banner appears; its code loads only when there is something to ask. */
export function ConsentSlot({ config, stickyCta }: { config: MeasurementConfig | undefined; stickyCta: boolean }) {
  const state = useSyncExternalStore(bannerStore.subscribe, bannerStore.get, () => CLOSED);
  if (!needsConsent(config) || !state.open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner config={config} opener={state.opener} stickyCta={stickyCta} />
    </Suspense>
  );
}
