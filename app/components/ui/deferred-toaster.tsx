import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "./use-toast";

const Toaster = lazy(() => import("./toaster"));

/**
 * The notification viewport's code (Radix Toast) is not needed to read a
 * page: it loads once the browser is idle after hydration, or at once when a
 * notification is raised before that.
 */
export function DeferredToaster() {
  const [idle, setIdle] = useState(false);
  const pending = useToasts().length > 0;

  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
