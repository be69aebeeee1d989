import { CalendarClock, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { StepList, type Step } from "~/features/appointment/components/step-list";
import { pageMeta } from "~/features/seo/page-meta";
import { CrisisNotice } from "~/components/crisis-notice";
import { telHref } from "~/features/content/site-content";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/thank-you";

/** Where a request sent without JavaScript lands: what happens next. */
export function headers() {
  return { ...publicCacheHeaders, "X-Robots-Tag": "noindex" };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return pageMeta(
    {
      title: `Thank you | ${root.site.clinicName}`,
      description: `We received your request. A member of our intake team will contact you ${root.site.replyPromise} to find an appointment time that works for you.`,
      noindex: true,
      pageDesignType: "confirmation",
    },
    root,
    location.pathname,
  );
}

/** The first step names the clinic's reply promise (site content), the same words as the forms. */
const stepsWith = (promise: string): Step[] => [
  {
    icon: Phone,
    title: `We reach out ${promise}`,
    text: "Someone from our intake team will call or e-mail you, using the details you gave us. On weekends and holidays it may be the next business morning.",
  },
  {
    icon: CalendarClock,
    title: "We find a time together",
    text: "We'll ask a few questions about what you're looking for, check your insurance if you'd like, and offer times in person or by telehealth.",
  },
  {
    icon: Mail,
    title: "You get a confirmation",
    text: "Before your first visit you'll receive the details and any forms to fill in. Bring your questions: there are no wrong ones.",
  },
];

export default function ThankYou({ matches }: Route.ComponentProps) {
  const { footerPhone: phone, replyPromise } = matches[0].loaderData.site;
  const steps = stepsWith(replyPromise);
  return (
    <article className="container-page grid max-w-3xl gap-8 py-14">
      <div className="grid gap-3">
        <h1 className="text-4xl font-bold text-primary-dark">Thank you. We received your request.</h1>
        <p className="text-xl text-muted">
          Reaching out takes courage. Here is what happens next, so you know what to expect.
        </p>
      </div>
      <StepList steps={steps} variant="cards" />
      <div className="grid gap-3">
        <p className="text-lg">Would you rather talk now? We're here Monday to Friday, 9 am to 5 pm.</p>
        <div className="flex flex-wrap gap-3">
          <a href={telHref(phone)} className={buttonVariants({ size: "lg" })}>
            <Phone aria-hidden className="size-5" />
            Call {phone}
          </a>
          <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Back to the home page
          </Link>
        </div>
      </div>
      <CrisisNotice className="rounded-card bg-sand p-4" />
    </article>
  );
}
