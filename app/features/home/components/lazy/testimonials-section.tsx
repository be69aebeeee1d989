import { Quote, Star } from "lucide-react";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

export default function TestimonialsSection({ testimonials }: { testimonials: HomePageData["testimonials"] }) {
  const copy = lazySectionHeadings.testimonials;
  return (
    <section aria-labelledby="testimonials-title" className="below-fold bg-surface" data-section="testimonials">
      <div className="container-page grid gap-4 py-7 md:gap-8 md:py-14">
        <SectionHeading id="testimonials-title" heading={copy.heading} intro={copy.intro} />
        {/* On a phone a row that scrolls sideways (focusable, so a keyboard can scroll it too). */}
        <ul
          tabIndex={0}
          aria-label="Patient reviews"
          className="flex gap-4 overflow-x-auto pb-3 md:grid md:grid-cols-2 md:gap-6 md:overflow-visible md:pb-0 lg:grid-cols-3"
        >
          {testimonials.map((t) => (
            <li key={t.id} className="w-[90%] shrink-0 md:w-auto">
              <figure className="grid h-full content-start gap-3 rounded-card border border-line bg-canvas p-4 md:p-6">
                <Quote aria-hidden className="size-6 text-primary" />
                <p className="sr-only">Rated {t.rating} out of 5</p>
                <div aria-hidden className="flex gap-0.5 text-accent">
                  {Array.from({ length: t.rating }, (_, i) => (
                    <Star key={i} className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="text-ink">“{t.quote}”</blockquote>
                <figcaption className="text-sm text-muted">
                  {t.author}
                  {t.context ? `, ${t.context}` : ""}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          Demo reviews: shared to show the kind of feedback we hear; names are initials only.
        </p>
      </div>
    </section>
  );
}
