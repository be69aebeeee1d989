import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "./use-toast";

const Toaster = lazy(() => import("./toaster"));

/** What a visitor does before anything on this site can raise a notification. */
const FIRST_TOUCH = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * The notification viewport's code (Radix Toast) is not needed to read a
 * page. Every notification answers something the visitor did (a form sent,
 * a sign-up), so it loads on the visitor's first touch, key press or focus —
 * well before any notification — or at once if one is raised earlier. A
 * visitor who only reads never spends a phone's CPU on it.
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  const pending = useToasts().length > 0;

  useEffect(() => {
    const want = () => setWanted(true);
    for (const type of FIRST_TOUCH) window.addEventListener(type, want, { once: true, passive: true, capture: true });
    return () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, want, { capture: true });
    };
  }, []);

  if (!wanted && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
