import { Activity, Brain, Heart, Users, type LucideIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { TreatmentIcon } from "~/db/schema";
import type { Treatment } from "~/features/content/types";
import { SectionHeading } from "./section-heading";

const icons: Record<TreatmentIcon, LucideIcon> = { Brain, Heart, Users, Activity };
export const FEATURED_SERVICES = 6;

export function FeaturedServices({ treatments }: { treatments: Treatment[] }) {
  const [expanded, setExpanded] = useState(false);
  const gridId = useId();
  const hasMore = treatments.length > FEATURED_SERVICES;
  return (
    <section aria-labelledby="services-title" className="below-fold bg-surface">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <SectionHeading
          id="services-title"
          heading="Featured Services"
          intro="Psychiatric care, medication management and therapy for adults, teens and families."
        />
        <ul
          id={gridId}
          tabIndex={0}
          aria-label="Services"
          className="flex gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:overflow-visible sm:pb-0 md:gap-6 lg:grid-cols-3"
          data-testid="featured-services"
        >
          {treatments.map((treatment, i) => {
            const Icon = (treatment.icon && icons[treatment.icon]) || Brain;
            return (
              <li
                key={treatment.id}
                hidden={!expanded && i >= FEATURED_SERVICES}
                className="grid w-[90%] shrink-0 grid-cols-[auto_1fr] content-start items-center gap-x-3 gap-y-2 rounded-card border border-line bg-canvas p-5 sm:w-auto"
              >
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon aria-hidden className="size-5" data-icon={treatment.icon ?? "Brain"} />
                </span>
                <h3 className="text-lg font-semibold">{treatment.title}</h3>
                <p className="col-span-2 text-muted">{treatment.shortDescription}</p>
                <Link
                  to={`/${treatment.slug}`}
                  className="col-span-2 inline-flex min-h-11 items-center font-semibold text-primary-dark underline-offset-4 hover:underline"
                  aria-label={`Learn more about ${treatment.title}`}
                >
                  Learn More →
                </Link>
              </li>
            );
          })}
        </ul>
        {hasMore ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              aria-controls={gridId}
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? "Show Less" : "View All Services"}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
