import {
  Award,
  BadgeCheck,
  CalendarCheck,
  FlaskConical,
  HeartHandshake,
  ListChecks,
  Lock,
  ShieldCheck,
  Video,
  WalletCards,
  type LucideIcon,
} from "lucide-react";
import { trustFactors, verifiedOn } from "../copy";

/** The directories and review sites, as a row of marks (names, not links: no profile addresses in content yet). */
export function VerifiedOn() {
  return (
    <section aria-labelledby="verified-title" className="border-y border-line bg-surface">
      <div className="container-page flex flex-col items-center gap-3 py-4 md:flex-row md:justify-between">
        <h2 id="verified-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          Verified On
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {verifiedOn.map((site) => (
            <li
              key={site.name}
              className="rounded-full border border-line bg-canvas px-3 py-1 text-sm font-semibold tracking-tight text-ink"
            >
              {site.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One icon per factor, in the copy's order (spec: ten items). */
const trustIcons: LucideIcon[] = [
  BadgeCheck,
  Lock,
  WalletCards,
  CalendarCheck,
  Award,
  ListChecks,
  FlaskConical,
  HeartHandshake,
  ShieldCheck,
  Video,
];

export function TrustFactors() {
  return (
    <section aria-labelledby="trust-title" className="container-page py-8">
      <h2 id="trust-title" className="text-2xl font-bold text-primary-dark">
        Care you can trust
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="trust-factors">
        {trustFactors.map((title, i) => {
          const Icon = trustIcons[i] ?? BadgeCheck;
          return (
            <li key={title} className="flex items-center gap-2 text-sm font-semibold">
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon aria-hidden className="size-4" />
              </span>
              {title}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
