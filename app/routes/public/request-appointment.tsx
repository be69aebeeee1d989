import { Link } from "react-router";
import { APPOINTMENT_PATH, GET_STARTED_PATH } from "~/features/appointment/request-paths";
import { AppointmentForm } from "~/features/appointment/components/appointment-form";
import { NextSteps } from "~/features/appointment/components/next-steps";
import { handleRequestFormPost } from "~/features/appointment/request-forms.server";
import { loadAppointmentChoices, choicesOrLastRead } from "~/features/appointment/request-pages.server";
import { pageMeta } from "~/features/seo/page-meta";
import { breadcrumbJsonLd } from "~/features/pages/breadcrumbs";
import { titleWithSite, webPageJsonLd } from "~/features/seo/page-jsonld";
import { InnerPage } from "~/features/pages/components/inner-page";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/request-appointment";

/**
 * /request-appointment: the full appointment request. The empty page is the
 * same for everyone (cached); a no-JavaScript post's answer is not.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : publicCacheHeaders;
}

export async function loader({ context }: Route.LoaderArgs) {
  return choicesOrLastRead("appointment", context, loadAppointmentChoices, {
    services: [],
    providers: [],
    locations: [],
  });
}

/** The form posted without JavaScript (with JavaScript it posts JSON to /api/leads). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleRequestFormPost("appointment", request, context);
}

const TITLE = "Request an Appointment";
/** The reply promise is the clinic's own words (site content), so every page promises the same. */
const appointmentDescription = (promise: string) =>
  `Ask for a psychiatry, therapy or medication visit in person in Winter Park or by telehealth in Florida. We'll call or email you ${promise}.`;

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const { site, publicUrl } = root;
  const description = appointmentDescription(site.replyPromise);
  return pageMeta(
    {
      title: titleWithSite(TITLE, site.clinicName),
      description,
      canonicalPath: APPOINTMENT_PATH,
      pageDesignType: "form",
      jsonLd: [
        webPageJsonLd({
          type: "ContactPage",
          name: TITLE,
          description,
          path: APPOINTMENT_PATH,
          publicUrl,
          clinicName: site.clinicName,
          telephone: site.footerPhone,
        }),
        breadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: TITLE, path: APPOINTMENT_PATH },
          ],
          publicUrl,
        ),
      ],
    },
    root,
    APPOINTMENT_PATH,
  );
}

export default function RequestAppointment({ loaderData, actionData, matches }: Route.ComponentProps) {
  const site = matches[0].loaderData.site;
  return (
    <InnerPage as="div" side={<NextSteps phone={site.footerPhone} hours={site.hours} promise={site.replyPromise} />}>
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="underline underline-offset-4">
              Home
            </Link>
            <span aria-hidden> /</span>
          </li>
          <li aria-current="page">{TITLE}</li>
        </ol>
      </nav>
      <div className="grid max-w-3xl gap-3">
        <h1 id="request-appointment-title" className="text-4xl font-bold text-primary-dark">
          Request an appointment
        </h1>
        <p className="text-lg text-muted">
          Reaching out is a good first step. Tell us a little about yourself and the kind of visit you'd like. We'll
          call or email you {site.replyPromise} to find a time that works for you, in person or by telehealth.
        </p>
        <p className="text-lg text-muted">
          Just want a call back?{" "}
          <Link to={GET_STARTED_PATH} className="font-semibold text-primary underline underline-offset-4">
            Use the short form
          </Link>
          .
        </p>
      </div>
      <AppointmentForm
        choices={loaderData}
        phone={site.footerPhone}
        clinicName={site.clinicName}
        promise={site.replyPromise}
        answer={actionData}
        labelledBy="request-appointment-title"
      />
    </InnerPage>
  );
}
