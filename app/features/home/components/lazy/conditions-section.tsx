import { Link } from "react-router";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

export default function ConditionsSection({ conditions }: { conditions: HomePageData["conditions"] }) {
  const copy = lazySectionHeadings.conditions;
  return (
    <section aria-labelledby="conditions-title" className="below-fold bg-sand" data-section="conditions">
      <div className="container-page grid gap-8 py-14">
        <SectionHeading id="conditions-title" heading={copy.heading} intro={copy.intro} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {conditions.map((condition) => (
            <li key={condition.id} className="grid content-start gap-1 rounded-card bg-surface p-5">
              <h3 className="font-semibold">
                {condition.treatmentSlug ? (
                  <Link
                    to={`/${condition.treatmentSlug}`}
                    className="inline-flex min-h-6 items-center text-primary-dark underline-offset-4 hover:underline"
                  >
                    {condition.name}
                  </Link>
                ) : (
                  condition.name
                )}
              </h3>
              <p className="text-sm text-muted">{condition.summary}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
