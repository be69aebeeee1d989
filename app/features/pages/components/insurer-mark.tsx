import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * One look for every insurer's mark (issue 20): the same tile, the same height,
 * the same weight. A logo when content has one (its alt text is the insurer's
 * name, so the name is said once); otherwise the name set as a wordmark in the
 * clinic's palette. Presentational only: no state. The home page's marks
 * (features/home/components/insurance-logo.tsx) use the same classes; they are
 * written out there so the home page's script shares no extra chunk for them.
 */
export const insurerTile =
  "flex h-16 items-center justify-center rounded-card border border-line bg-surface px-3 md:h-20 md:px-4";

/** The logo's box: every logo is drawn into the same height and never wider than its tile. */
const logoClass = "h-8 w-auto max-w-full object-contain";
/** The wordmark: matches the demo logos' lettering (weight 600, the clinic's dark teal). */
const wordmarkClass = "text-center text-sm leading-tight font-semibold tracking-tight text-primary-dark";

export function InsurerWordmark({ name, className }: { name: string; className?: string }) {
  return <span className={cn(wordmarkClass, className)}>{name}</span>;
}

export function InsurerLogo({
  name,
  logo,
  className,
  ...img
}: { name: string; logo: string; className?: string } & Omit<ComponentProps<"img">, "src" | "alt">) {
  return (
    <img
      src={logo}
      alt={name}
      width={200}
      height={40}
      loading="lazy"
      decoding="async"
      className={cn(logoClass, className)}
      {...img}
    />
  );
}

/** A logo when there is one, else the wordmark. */
export function InsurerMark({ name, logo, className }: { name: string; logo: string | null; className?: string }) {
  return logo ? (
    <InsurerLogo name={name} logo={logo} className={className} />
  ) : (
    <InsurerWordmark name={name} className={className} />
  );
}
