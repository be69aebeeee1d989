import { useEffect, useRef, useState } from "react";
import { InsurerLogo, InsurerWordmark } from "~/components/insurer-mark";
import type { InsuranceProvider } from "~/features/content/types";

/** A provider's mark (components/insurer-mark), falling back to the wordmark when the logo fails to load. */
export function InsuranceLogo({ provider, className }: { provider: InsuranceProvider; className?: string }) {
  const [failed, setFailed] = useState(!provider.logo);
  const ref = useRef<HTMLImageElement>(null);

  // An image can fail before hydration attaches onError; check once on mount.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !provider.logo) return <InsurerWordmark name={provider.name} className={className} />;
  return (
    <InsurerLogo
      ref={ref}
      name={provider.name}
      logo={provider.logo}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
