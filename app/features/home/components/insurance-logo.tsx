import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import type { InsuranceProvider } from "~/features/content/types";

/** A provider's logo, or its name when there is no logo or the image fails to load. `className` sizes the image. */
export function InsuranceLogo({ provider, className }: { provider: InsuranceProvider; className?: string }) {
  const [failed, setFailed] = useState(!provider.logo);
  const ref = useRef<HTMLImageElement>(null);

  // An image can fail before hydration attaches onError; check once on mount.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !provider.logo) {
    return <span className={cn("text-center font-semibold text-ink", className)}>{provider.name}</span>;
  }
  return (
    <img
      ref={ref}
      src={provider.logo}
      alt={provider.name}
      width={200}
      height={60}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className ?? "h-10 w-auto"}
    />
  );
}
