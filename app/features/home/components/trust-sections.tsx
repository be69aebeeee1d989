import { CheckCircle2 } from "lucide-react";
import { trustFactors, verifiedOn } from "../copy";

export function VerifiedOn() {
  return (
    <section aria-labelledby="verified-title" className="border-y border-line bg-surface">
      <div className="container-page flex flex-col items-center gap-4 py-6 md:flex-row md:justify-between">
        <h2 id="verified-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          Verified On
        </h2>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {verifiedOn.map((site) => (
            <li key={site.name} className="text-lg font-semibold text-ink">
              {site.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TrustFactors() {
  return (
    <section aria-labelledby="trust-title" className="container-page py-12">
      <h2 id="trust-title" className="text-2xl font-bold text-primary-dark">
        Care you can trust
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="trust-factors">
        {trustFactors.map((factor) => (
          <li key={factor.title} className="rounded-card bg-surface p-4 shadow-card">
            <CheckCircle2 aria-hidden className="size-5 text-primary" />
            <h3 className="mt-2 font-semibold">{factor.title}</h3>
            <p className="mt-1 text-sm text-muted">{factor.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
