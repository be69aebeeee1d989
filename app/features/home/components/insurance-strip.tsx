import { Link } from "react-router";
import type { InsuranceProvider } from "~/features/content/types";
import { insuranceStrip } from "../copy";
import { InsuranceLogo, insurerTile } from "./insurance-logo";

const STRIP_LOGOS = 5;

export function InsuranceStrip({ providers }: { providers: InsuranceProvider[] }) {
  return (
    <section aria-labelledby="insurance-title" className="bg-sand">
      <div className="container-page grid gap-5 py-8 md:gap-6 md:py-12">
        <div>
          <h2 id="insurance-title" className="text-2xl font-bold text-primary-dark">
            {insuranceStrip.title}
          </h2>
          {/* "Add your insurance" leads where it can be added: the appointment request, whose insurance
              field the intake team checks before the first visit (issue 20). */}
          <p className="mt-2 text-muted">
            <Link
              to="/request-appointment"
              className="inline-flex min-h-6 items-center text-primary-dark underline underline-offset-4"
            >
              {insuranceStrip.subtitle}
            </Link>
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-6">
          {providers.slice(0, STRIP_LOGOS).map((provider) => (
            <li key={provider.id} className={insurerTile}>
              <InsuranceLogo provider={provider} />
            </li>
          ))}
          <li className="flex h-16 items-center justify-center md:h-20">
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
