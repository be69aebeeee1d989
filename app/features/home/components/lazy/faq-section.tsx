import { ChevronDown } from "lucide-react";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

/**
 * Single-open FAQ (spec §1, §4): native <details> sharing one name, so it
 * works before any script; the toggle handler keeps one open in browsers
 * without exclusive <details>. All items may be closed.
 */
export default function FaqSection({ faq }: { faq: HomePageData["faq"] }) {
  const copy = lazySectionHeadings.faq;
  function onToggle(event: React.SyntheticEvent<HTMLDetailsElement>) {
    const opened = event.currentTarget;
    if (!opened.open) return;
    opened.parentElement?.parentElement?.querySelectorAll("details[open]").forEach((other) => {
      if (other !== opened) (other as HTMLDetailsElement).open = false;
    });
  }
  return (
    <section
      aria-labelledby="faq-title"
      className="below-fold container-page grid gap-4 py-7 md:gap-8 md:py-14"
      data-section="faq"
    >
      <SectionHeading id="faq-title" heading={copy.heading} intro={copy.intro} />
      <ul className="grid max-w-3xl gap-2 md:gap-3">
        {faq.map((item) => (
          <li key={item.id}>
            <details name="faq" onToggle={onToggle} className="group rounded-card border border-line bg-surface">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-card px-4 py-2 font-semibold md:px-5 md:py-3 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <div className="px-5 pb-5 text-muted">{item.answer}</div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
