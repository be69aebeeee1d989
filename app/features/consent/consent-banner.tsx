import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { choose } from "./consent-controller";
import type { ConsentChoice } from "./consent-storage";
import type { MeasurementConfig } from "./measurement-config";

/**
 * The IDs this yes covered: third-party.ts asks again when the clinic later
 * switches on another service or changes an account (decision 0034). Kept
 * beside the choice (consent-storage.ts) but written here, so the first-load
 * script does not grow.
 */
function rememberWhatWasAsked(config: MeasurementConfig) {
  try {
    localStorage.setItem(
      "clinic-consent-ids",
      JSON.stringify([config.analyticsId, config.adsId, config.pixelId].filter(Boolean)),
    );
  } catch {
    // Storage blocked: the yes holds for this page only, as the choice itself does.
  }
}

/**
 * Asks before any third-party measurement (spec §7, docs/decisions/0011).
 * Not a dialog: the page stays usable, nothing is trapped, and Accept and
 * Reject look exactly alike. It sits above the sticky call button, and while
 * it is open the page keeps focused elements clear of it (WCAG 2.4.11).
 */
export default function ConsentBanner({
  config,
  opener,
  stickyCta,
}: {
  config: MeasurementConfig;
  opener: HTMLElement | null;
  stickyCta: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);

  // Opened from the footer: take the keyboard there. Opened by itself: leave focus alone.
  useEffect(() => {
    if (opener) ref.current?.focus();
  }, [opener]);

  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const keepClear = () => {
      const covered = window.innerHeight - banner.getBoundingClientRect().top;
      root.style.scrollPaddingBottom = `${Math.ceil(covered) + 16}px`;
    };
    keepClear();
    const observer = new ResizeObserver(keepClear);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, []);

  function decide(choice: ConsentChoice) {
    if (choice === "accepted") rememberWhatWasAsked(config);
    void choose(choice);
    if (opener?.isConnected) opener.focus();
  }

  const uses = [
    config.analyticsId ? "Google Analytics to count visits to this website" : null,
    config.adsId ? "Google Ads to learn whether our ads lead to appointment requests or calls" : null,
    config.pixelId ? "Meta (Facebook) to learn whether our ads lead to appointment requests" : null,
  ].filter(Boolean);

  return (
    <section
      ref={ref}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-consent-banner=""
      className={cn(
        "fixed inset-x-0 z-50 px-3 pb-3 focus:outline-none md:bottom-0",
        // Below md the sticky call button stays visible and tappable underneath.
        stickyCta ? "bottom-[4.75rem]" : "bottom-0",
      )}
    >
      <div className="mx-auto grid max-w-3xl gap-3 rounded-card border border-line bg-surface p-4 shadow-card md:grid-cols-[1fr_auto] md:items-center">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-base font-semibold text-primary-dark">
            Cookies and tracking
          </h2>
          <p className="text-sm text-ink">
            May we use {uses.join(", and ")}? They never receive your name, contact details or which condition and
            treatment pages you read. You can change your choice at any time under “Cookie &amp; tracking choices” at
            the bottom of every page.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => decide("accepted")}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => decide("rejected")}>
            Reject
          </Button>
        </div>
      </div>
    </section>
  );
}
