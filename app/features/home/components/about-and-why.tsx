import { Building2, HeartHandshake, Laptop, Receipt, Users } from "lucide-react";
import type { SiteContent } from "~/features/content/site-content";
import { careOptions, whyChoose } from "../copy";
import { SectionHeading } from "./section-heading";

export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, i) => (
          <p key={i} className={className}>
            {paragraph}
          </p>
        ))}
    </>
  );
}

/** The about text's first paragraph (the About section) and the rest (under "Our Approach"). */
export function aboutParts(text: string) {
  const [first = "", ...rest] = text.split(/\n{2,}/);
  return { first, rest: rest.join("\n\n") };
}

export function About({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="about-title" className="below-fold container-page grid gap-3 py-7 md:max-w-3xl md:py-12">
      <h2 id="about-title" className="text-2xl font-bold text-primary-dark">
        About {site.clinicName}
      </h2>
      <Paragraphs text={aboutParts(site.aboutText).first} className="text-muted md:text-lg" />
    </section>
  );
}

const whyIcons = [HeartHandshake, Laptop, Users, Receipt];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="below-fold bg-surface">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <SectionHeading id="why-title" heading={whyChoose.heading} intro={whyChoose.intro} />
        <ul
          tabIndex={0}
          aria-label="Reasons"
          className="flex gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:pb-0 lg:grid-cols-4"
        >
          {whyChoose.points.map((point, i) => {
            const Icon = whyIcons[i] ?? HeartHandshake;
            return (
              <li
                key={point.title}
                className="grid w-[90%] shrink-0 grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 sm:w-auto"
              >
                <span className="row-span-2 inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon aria-hidden className="size-5" />
                </span>
                <h3 className="text-lg font-semibold">{point.title}</h3>
                <p className="text-muted">{point.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function CareOptions() {
  const icons = [Building2, Laptop];
  return (
    <section
      aria-labelledby="care-options-title"
      className="below-fold container-page grid gap-4 py-7 md:gap-8 md:py-14"
    >
      <SectionHeading id="care-options-title" heading={careOptions.heading} intro={careOptions.intro} />
      <div
        tabIndex={0}
        role="group"
        aria-label="Two ways"
        className="flex gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:overflow-visible sm:pb-0 md:gap-6"
      >
        {careOptions.options.map((option, i) => {
          const Icon = icons[i] ?? Building2;
          return (
            <article
              key={option.title}
              className="grid w-[90%] shrink-0 grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 rounded-card border border-line bg-surface p-5 shadow-card sm:w-auto"
            >
              <Icon aria-hidden className="size-7 text-primary" />
              <h3 className="text-lg font-semibold">{option.title}</h3>
              <p className="col-span-2 text-sm text-muted sm:text-base">{option.description}</p>
            </article>
          );
        })}
      </div>
    </section>
  );
}
