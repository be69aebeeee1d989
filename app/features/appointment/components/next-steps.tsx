import { CalendarClock, ClipboardList, Lock, Phone, PhoneCall } from "lucide-react";
import type * as React from "react";
import type { OfficeHours } from "~/db/schema";
import { telHref } from "~/features/content/site-content";
import { StepList, type Step } from "./step-list";

/** The steps after sending, the first with the clinic's reply promise ("within 24 hours"). */
const stepsWith = (promise: string): Step[] => [
  {
    icon: PhoneCall,
    title: "We get in touch",
    text: `Someone from our intake team calls or emails you ${promise}. On weekends and holidays, it may be the next business day.`,
  },
  {
    icon: ClipboardList,
    title: "We talk it through",
    text: "We ask a few short questions, answer yours, and check your insurance with you if you'd like.",
  },
  {
    icon: CalendarClock,
    title: "We find a time together",
    text: "We offer times in person or by telehealth and send you what you need before your first visit.",
  },
];

/** The side column of the request pages: what happens after sending, and other ways to reach us. */
export function NextSteps({
  phone,
  hours,
  promise,
  children,
  after,
}: {
  phone: string;
  hours: OfficeHours;
  promise: string;
  children?: React.ReactNode;
  /** A further section after the ways to reach us (the contact page's map of the main office). */
  after?: React.ReactNode;
}) {
  return (
    <aside aria-labelledby="next-steps-title" className="grid content-start gap-6">
      <section className="grid gap-4 rounded-card bg-primary-soft p-5 sm:p-6">
        <h2 id="next-steps-title" className="text-xl font-bold text-primary-dark">
          What happens next
        </h2>
        <StepList steps={stepsWith(promise)} variant="compact" />
      </section>
      <section
        aria-labelledby="talk-now-title"
        className="grid gap-2 rounded-card border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="talk-now-title" className="text-lg font-bold text-primary-dark">
          Would you rather talk?
        </h2>
        <p className="text-sm text-muted">Call us and we'll help you over the phone.</p>
        <a
          href={telHref(phone)}
          className="inline-flex min-h-11 items-center gap-2 justify-self-start text-lg font-semibold text-primary underline underline-offset-4"
        >
          <Phone aria-hidden className="size-5" />
          {phone}
        </a>
        {hours.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {hours.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-medium">{row.label}</dt>
                <dd className="text-muted">{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {children}
      </section>
      {after}
      <section
        aria-labelledby="privacy-title"
        className="grid gap-2 rounded-card border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="privacy-title" className="flex items-center gap-2 text-lg font-bold text-primary-dark">
          <Lock aria-hidden className="size-5 text-primary" />
          Your privacy
        </h2>
        <p className="text-sm text-muted">
          What you send goes only to our intake team and is used to arrange your care. We never share it with
          advertisers.
        </p>
      </section>
    </aside>
  );
}
