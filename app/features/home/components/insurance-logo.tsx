import { useEffect, useRef, useState } from "react";
import type { InsuranceProvider } from "~/features/content/types";

/*
 * The insurer marks' look (features/pages/components/insurer-mark.tsx), written out here: importing it would
 * put it in a chunk of its own that the home page's script also loads (about 60 bytes over its recorded figure).
 * tests/e2e/home.test.ts checks the two agree.
 */
export const insurerTile =
  "flex h-16 items-center justify-center rounded-card border border-line bg-surface px-3 md:h-20 md:px-4";
const logoClass = "h-8 w-auto max-w-full object-contain";
const wordmarkClass = "text-center text-sm leading-tight font-semibold tracking-tight text-primary-dark";

/** A provider's logo, or its wordmark when there is no logo or the image fails to load. */
export function InsuranceLogo({ provider }: { provider: InsuranceProvider }) {
  const [failed, setFailed] = useState(!provider.logo);
  const ref = useRef<HTMLImageElement>(null);

  // An image can fail before hydration attaches onError; check once on mount.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !provider.logo) return <span className={wordmarkClass}>{provider.name}</span>;
  return (
    <img
      ref={ref}
      src={provider.logo}
      alt={provider.name}
      width={200}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={logoClass}
    />
  );
}
