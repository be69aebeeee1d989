import { Link } from "react-router";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

export default function ConditionsSection({ conditions }: { conditions: HomePageData["conditions"] }) {
  const copy = lazySectionHeadings.conditions;
  return (
    <section aria-labelledby="conditions-title" className="below-fold bg-sand" data-section="conditions">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <SectionHeading id="conditions-title" heading={copy.heading} intro={copy.intro} />
        {/* Names only: each card leads to its condition's page, where the longer words are. */}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {conditions.map((condition) => (
            <li key={condition.id}>
              {condition.treatmentSlug ? (
                <Link
                  to={`/${condition.treatmentSlug}`}
                  className="flex h-full min-h-11 items-center rounded-card bg-surface px-3 py-2 text-sm md:text-base font-semibold text-primary-dark underline-offset-4 shadow-card hover:underline"
                >
                  {condition.name}
                </Link>
              ) : (
                <p className="flex h-full min-h-11 items-center rounded-card bg-surface px-3 py-2 text-sm md:text-base font-semibold">
                  {condition.name}
                </p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
