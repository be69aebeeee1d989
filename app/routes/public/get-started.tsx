import { Link } from "react-router";
import { APPOINTMENT_PATH, GET_STARTED_PATH } from "~/features/appointment/request-paths";
import { GetStartedForm } from "~/features/appointment/components/get-started-form";
import { NextSteps } from "~/features/appointment/components/next-steps";
import { handleRequestFormPost } from "~/features/appointment/request-forms.server";
import { choicesOrLastRead, loadGetStartedChoices } from "~/features/appointment/request-pages.server";
import { pageMeta } from "~/features/seo/page-meta";
import { breadcrumbJsonLd } from "~/features/pages/breadcrumbs";
import { titleWithSite, webPageJsonLd } from "~/features/seo/page-jsonld";
import { InnerPage } from "~/features/pages/components/inner-page";
import { MapPanel } from "~/features/site/components/map-panel";
import type { SiteContent } from "~/features/content/site-content";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/get-started";

/** /get-started: the short "call me back" form (formType 'get_started'). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : publicCacheHeaders;
}

export async function loader({ context }: Route.LoaderArgs) {
  return choicesOrLastRead("get_started", context, loadGetStartedChoices, { services: [] });
}

/** The form posted without JavaScript (with JavaScript it posts JSON to /api/leads). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleRequestFormPost("get_started", request, context);
}

const TITLE = "Request a Call Back";
/** The reply promise is the clinic's own words (site content), so every page promises the same. */
const getStartedDescription = (promise: string) =>
  `Leave your name and number and we'll call you back ${promise} to talk about therapy, psychiatry or medication care in Winter Park or by telehealth.`;

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const { site, publicUrl } = root;
  const description = getStartedDescription(site.replyPromise);
  return pageMeta(
    {
      title: titleWithSite(TITLE, site.clinicName),
      description,
      canonicalPath: GET_STARTED_PATH,
      pageDesignType: "form",
      jsonLd: [
        webPageJsonLd({
          type: "ContactPage",
          name: TITLE,
          description,
          path: GET_STARTED_PATH,
          publicUrl,
          clinicName: site.clinicName,
          telephone: site.footerPhone,
        }),
        breadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: "Get Started", path: GET_STARTED_PATH },
          ],
          publicUrl,
        ),
      ],
    },
    root,
    GET_STARTED_PATH,
  );
}

export default function GetStarted({ loaderData, actionData, matches }: Route.ComponentProps) {
  const site = matches[0].loaderData.site;
  return (
    <InnerPage
      as="div"
      side={
        <NextSteps
          phone={site.footerPhone}
          hours={site.hours}
          promise={site.replyPromise}
          after={<MainOfficeMap site={site} />}
        />
      }
    >
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="underline underline-offset-4">
              Home
            </Link>
            <span aria-hidden> /</span>
          </li>
          <li aria-current="page">Get Started</li>
        </ol>
      </nav>
      <div className="grid max-w-3xl gap-3">
        <h1 id="get-started-title" className="text-4xl font-bold text-primary-dark">
          Get started with a call back
        </h1>
        <p className="text-lg text-muted">
          Not sure where to begin? That's okay. Leave your name and how to reach you, and we'll call you back{" "}
          {site.replyPromise}. We'll listen, answer your questions, and help you choose a next step.
        </p>
      </div>
      <div className="grid content-start gap-4">
        <GetStartedForm
          services={loaderData.services}
          phone={site.footerPhone}
          clinicName={site.clinicName}
          answer={actionData}
          labelledBy="get-started-title"
        />
        <p className="text-muted">
          Ready to tell us more, like your insurance and the kind of visit you'd like?{" "}
          <Link to={APPOINTMENT_PATH} className="font-semibold text-primary underline underline-offset-4">
            Use the full appointment request
          </Link>
          .
        </p>
      </div>
    </InnerPage>
  );
}

/** Where to find us, on the contact page: the main office's address, leading to its page, and its map. */
function MainOfficeMap({ site }: { site: SiteContent }) {
  if (!site.map) return null;
  const address = `${site.footerAddress}, ${site.footerCityLine}`;
  return (
    <section
      aria-labelledby="find-us-title"
      className="grid gap-3 rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="find-us-title" className="text-lg font-bold text-primary-dark">
        Where to find us
      </h2>
      <p className="text-sm">
        <Link
          to={site.mainOfficeSlug ? `/locations/${site.mainOfficeSlug}` : "/locations"}
          className="underline underline-offset-4"
        >
          {address}
        </Link>
      </p>
      <MapPanel latitude={site.map.latitude} longitude={site.map.longitude} label={address} />
    </section>
  );
}
