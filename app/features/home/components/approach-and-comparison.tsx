import { CalendarCheck, Check, MessageCircle, Phone, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { SiteContent } from "~/features/content/site-content";
import { approachSteps, comparison, gettingStarted } from "../copy";
import { aboutParts, Paragraphs } from "./about-and-why";
import { SectionHeading } from "./section-heading";

export function Approach({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="approach-title" className="below-fold container-page grid gap-4 py-7 md:gap-8 md:py-14">
      <SectionHeading id="approach-title" heading="Our Approach Step by Step" />
      <ol
        tabIndex={0}
        aria-label="Three steps"
        className="flex gap-4 overflow-x-auto pb-3 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:pb-0"
      >
        {approachSteps.map((step, i) => (
          <li
            key={step.title}
            className="grid w-[90%] shrink-0 grid-cols-[auto_1fr] content-start items-center gap-x-3 gap-y-2 rounded-card bg-surface p-5 shadow-card md:w-auto"
          >
            <span
              aria-hidden
              className="inline-flex size-9 items-center justify-center rounded-full bg-primary font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="text-xl font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="col-span-2 text-muted">{step.description}</p>
          </li>
        ))}
      </ol>
      {/* The about text continues here (spec: the steps are "followed by the about text"); its first
          paragraph is the About section's, so no paragraph shows twice on the page. */}
      <div className="grid max-w-3xl gap-3">
        <Paragraphs text={aboutParts(site.aboutText).rest} className="text-muted md:text-lg" />
      </div>
    </section>
  );
}

export function Comparison() {
  return (
    <section aria-labelledby="comparison-title" className="below-fold bg-primary-dark text-white">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <div className="max-w-2xl">
          <h2 id="comparison-title" className="text-2xl font-bold md:text-3xl">
            {comparison.heading}
          </h2>
          <p className="mt-3 hidden text-lg text-white/85 md:block">{comparison.intro}</p>
        </div>
        <ul
          tabIndex={0}
          aria-label="Three differences"
          className="flex gap-4 overflow-x-auto pb-3 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:pb-0"
        >
          {comparison.cards.map((card) => (
            <li
              key={card.title}
              className="grid w-[90%] shrink-0 content-start gap-3 rounded-card bg-white p-5 text-ink md:w-auto"
            >
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

/** Fills a step's {phone}, {hours} and {promise} from site content, the same words as every other page. */
function withSiteFacts(text: string, site: SiteContent) {
  const hours = site.hours[0] ? `${site.hours[0].label}, ${site.hours[0].value}` : "";
  return text.replace("{phone}", site.footerPhone).replace("{hours}", hours).replace("{promise}", site.replyPromise);
}

export function GettingStarted({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="start-title" className="below-fold container-page grid gap-4 py-7 md:gap-8 md:py-14">
      <SectionHeading id="start-title" heading={gettingStarted.heading} intro={gettingStarted.intro} />
      <ul
        tabIndex={0}
        aria-label="Ways to start"
        className="flex gap-4 overflow-x-auto pb-3 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:pb-0"
      >
        {gettingStarted.steps.map((step, i) => {
          const Icon = startIcons[i] ?? MessageCircle;
          return (
            <li
              key={step.title}
              className="grid w-[90%] shrink-0 grid-cols-[auto_1fr] content-start items-center gap-x-3 gap-y-2 rounded-card border border-line bg-surface p-5 md:w-auto"
            >
              <Icon aria-hidden className="size-6 text-primary" />
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="col-span-2 text-muted">{withSiteFacts(step.description, site)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
