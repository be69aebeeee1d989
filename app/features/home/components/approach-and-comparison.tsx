import { CalendarCheck, Check, MessageCircle, Phone, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { SiteContent } from "~/features/content/site-content";
import { approachSteps, comparison, gettingStarted } from "../copy";
import { Paragraphs } from "./about-and-why";
import { SectionHeading } from "./section-heading";

export function Approach({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="approach-title" className="below-fold container-page grid gap-8 py-14">
      <SectionHeading id="approach-title" heading="Our Approach Step by Step" />
      <ol className="grid gap-6 md:grid-cols-3">
        {approachSteps.map((step, i) => (
          <li key={step.title} className="grid content-start gap-3 rounded-card bg-surface p-6 shadow-card">
            <span
              aria-hidden
              className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="text-xl font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="text-muted">{step.description}</p>
          </li>
        ))}
      </ol>
      <div className="grid max-w-3xl gap-3">
        <Paragraphs text={site.aboutText} className="text-lg text-muted" />
      </div>
    </section>
  );
}

export function Comparison() {
  return (
    <section aria-labelledby="comparison-title" className="below-fold bg-primary-dark text-white">
      <div className="container-page grid gap-8 py-14">
        <div className="max-w-2xl">
          <h2 id="comparison-title" className="text-3xl font-bold">
            {comparison.heading}
          </h2>
          <p className="mt-3 text-lg text-white/85">{comparison.intro}</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {comparison.cards.map((card) => (
            <li key={card.title} className="grid content-start gap-4 rounded-card bg-white p-6 text-ink">
              <h3 className="text-xl font-semibold text-primary-dark">{card.title}</h3>
              <div className="grid gap-1">
                <p className="text-sm font-semibold text-primary">With us</p>
                <p className="flex gap-2">
                  <Check aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
                  {card.us}
                </p>
              </div>
              <div className="grid gap-1 border-t border-line pt-3">
                <p className="text-sm font-semibold text-muted">At a typical practice</p>
                <p className="text-muted">{card.typical}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="grid justify-items-center gap-3 text-center">
          <Link to="/request-appointment" className={buttonVariants({ size: "lg" })}>
            Request an Appointment Today
          </Link>
          <p className="text-white/85">Most insurance plans accepted • Same-week appointments available</p>
        </div>
      </div>
    </section>
  );
}

const startIcons = [Phone, CalendarCheck, Video];

export function GettingStarted() {
  return (
    <section aria-labelledby="start-title" className="below-fold container-page grid gap-8 py-14">
      <SectionHeading id="start-title" heading={gettingStarted.heading} intro={gettingStarted.intro} />
      <ul className="grid gap-6 md:grid-cols-3">
        {gettingStarted.steps.map((step, i) => {
          const Icon = startIcons[i] ?? MessageCircle;
          return (
            <li key={step.title} className="grid content-start gap-2 rounded-card border border-line bg-surface p-6">
              <Icon aria-hidden className="size-7 text-primary" />
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="text-muted">{step.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
