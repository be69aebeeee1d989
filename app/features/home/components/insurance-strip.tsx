import { Link } from "react-router";
import type { InsuranceProvider } from "~/features/content/types";
import { insuranceStrip } from "../copy";
import { InsuranceLogo } from "./insurance-logo";

const STRIP_LOGOS = 5;

export function InsuranceStrip({ providers }: { providers: InsuranceProvider[] }) {
  return (
    <section aria-labelledby="insurance-title" className="bg-sand">
      <div className="container-page grid gap-6 py-12">
        <div>
          <h2 id="insurance-title" className="text-2xl font-bold text-primary-dark">
            {insuranceStrip.title}
          </h2>
          <p className="mt-2 text-muted">{insuranceStrip.subtitle}</p>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {providers.slice(0, STRIP_LOGOS).map((provider) => (
            <li
              key={provider.id}
              className="flex h-20 items-center justify-center rounded-card bg-surface p-3 shadow-card"
            >
              <InsuranceLogo provider={provider} />
            </li>
          ))}
          <li className="flex h-20 items-center justify-center">
            <Link
              to="/insurance"
              className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-primary-dark underline underline-offset-4"
            >
              See all ({providers.length}+)
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
