import { isStarted, setForwarder } from "~/features/analytics/client/runtime";
import { readConsent, saveConsent, type ConsentChoice } from "./consent-storage";
import { needsConsent, type MeasurementConfig } from "./measurement-config";
import type { ThirdPartySink } from "./third-party";

/**
 * Decides, from the visitor's stored choice, whether third-party measurement
 * runs, and opens the banner when there is something to ask. The third
 * parties' code is a separate chunk that loads only after a yes.
 */

export interface BannerState {
  open: boolean;
  /** The control that opened the banner (focus returns there), or null when it opened by itself. */
  opener: HTMLElement | null;
}

export const CLOSED: BannerState = { open: false, opener: null };
let state = CLOSED;
const listeners = new Set<() => void>();
let config: MeasurementConfig | undefined;
let thirdParty: ThirdPartySink | undefined;

export const bannerStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

function setState(next: BannerState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openBanner(opener: HTMLElement | null) {
  setState({ open: true, opener });
}

/**
 * The footer's "Cookie & tracking choices" button is server HTML that is not
 * hydrated on the first load (it sits in a Static section): one delegated
 * listener serves it on every page.
 */
function onOpenerClick(event: MouseEvent) {
  const opener = (event.target as Element | null)?.closest?.<HTMLElement>("[data-consent-open]");
  if (opener) openBanner(opener);
}

export function initConsent(measurement: MeasurementConfig | undefined) {
  config = measurement;
  if (needsConsent(config)) document.addEventListener("click", onOpenerClick);
}

/** When measurement starts: third parties for a yes, the banner when nobody asked yet, nothing for a no. */
export async function consentAtStart(): Promise<void> {
  if (!needsConsent(config)) return;
  const choice = readConsent();
  if (choice === "accepted") await connect();
  else if (choice === null && !state.open) openBanner(null);
}

export async function choose(choice: ConsentChoice) {
  saveConsent(choice);
  setState(CLOSED);
  if (choice === "accepted") {
    if (thirdParty) return;
    const sink = await connect();
    // This page was counted before the yes; forward it now (until measurement runs, the queue will).
    if (isStarted()) sink?.pageView(window.location.pathname);
  } else {
    thirdParty?.withdraw();
    thirdParty = undefined;
    setForwarder(undefined);
  }
}

async function connect(): Promise<ThirdPartySink | undefined> {
  if (!needsConsent(config)) return undefined;
  try {
    const { connectThirdParty } = await import("./third-party");
    thirdParty = connectThirdParty(config);
    setForwarder(thirdParty);
    return thirdParty;
  } catch (error) {
    console.warn("third-party measurement could not load", error);
    return undefined;
  }
}
