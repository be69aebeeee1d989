import { CalendarCheck, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { telHref } from "~/features/content/site-content";

/** The ways to start, at the end of a page: the full request, the short form, a call. */
export function GetStarted({ phone }: { phone: string }) {
  return (
    <section aria-label="Get started" className="grid gap-4 rounded-card bg-sand p-5 md:p-6">
      <p className="text-xl font-semibold text-primary-dark">Ready when you are</p>
      <p className="text-muted">
        Ask for an appointment online, leave your details for a call back, or talk with our front desk.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/request-appointment" className={buttonVariants({ size: "lg" })}>
          <CalendarCheck aria-hidden className="size-5" />
          Request Appointment
        </Link>
        <Link to="/get-started" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Ask for a call back
        </Link>
        <a href={telHref(phone)} className={buttonVariants({ variant: "outline", size: "lg" })}>
          <Phone aria-hidden className="size-5" />
          Call {phone}
        </a>
      </div>
    </section>
  );
}
