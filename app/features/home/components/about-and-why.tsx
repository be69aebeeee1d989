import { Building2, HeartHandshake, Laptop, Receipt, Users } from "lucide-react";
import type { SiteContent } from "~/features/content/site-content";
import { careOptions, whyChoose } from "../copy";
import { SectionHeading } from "./section-heading";

export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}

export function About({ site }: { site: SiteContent }) {
  return (
    <section aria-labelledby="about-title" className="below-fold container-page grid gap-4 py-12 md:max-w-3xl">
      <h2 id="about-title" className="text-2xl font-bold text-primary-dark">
        About {site.clinicName}
      </h2>
      <Paragraphs text={site.aboutText} className="text-lg text-muted" />
    </section>
  );
}

const whyIcons = [HeartHandshake, Laptop, Users, Receipt];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="below-fold bg-surface">
      <div className="container-page grid gap-8 py-14">
        <SectionHeading id="why-title" heading={whyChoose.heading} intro={whyChoose.intro} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {whyChoose.points.map((point, i) => {
            const Icon = whyIcons[i] ?? HeartHandshake;
            return (
              <li key={point.title} className="grid content-start gap-2">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon aria-hidden className="size-6" />
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
    <section aria-labelledby="care-options-title" className="below-fold container-page grid gap-8 py-14">
      <SectionHeading id="care-options-title" heading={careOptions.heading} intro={careOptions.intro} />
      <div className="grid gap-6 md:grid-cols-2">
        {careOptions.options.map((option, i) => {
          const Icon = icons[i] ?? Building2;
          return (
            <article
              key={option.title}
              className="grid content-start gap-3 rounded-card border border-line bg-surface p-6 shadow-card"
            >
              <Icon aria-hidden className="size-8 text-primary" />
              <h3 className="text-xl font-semibold">{option.title}</h3>
              <p className="text-muted">{option.description}</p>
              <ul className="grid gap-1 text-sm">
                {option.points.map((point) => (
                  <li key={point} className="flex gap-2 before:text-primary before:content-['✓']">
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </section>
  );
}
