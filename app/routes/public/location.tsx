import { Clock, MapPin, Navigation, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { databaseContext } from "~/context";
import { breadcrumbJsonLd, type Crumb } from "~/features/pages/breadcrumbs";
import { BreadcrumbNav } from "~/features/pages/components/breadcrumb-nav";
import { TeamCards } from "~/features/pages/components/blocks/team-cards";
import { InnerPage } from "~/features/pages/components/inner-page";
import { HolidayClosures } from "~/features/pages/components/holiday-closures";
import { OfficeHours } from "~/features/pages/components/office-hours";
import { loadLocation } from "~/features/pages/location.server";
import { officeJsonLd } from "~/features/pages/structured-data";
import { pageMeta } from "~/features/seo/page-meta";
import { MapPanel } from "~/features/site/components/map-panel";
import { ExternalLink } from "~/components/ui/external-link";
import { directionsUrl } from "~/lib/directions-url";
import { telHref } from "~/features/content/site-content";
import { sideColumnHtml } from "~/features/pages/side-column-html.server";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/location";

/** /locations/{slug}: one office (the three named in spec §2 and any other in the table). */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const found = await loadLocation(db, params.slug);
  if (!found) throw data(null, { status: 404 });
  const crumbs = crumbsFor(found.office);
  // The office's own details are the page: the side column leaves out the clinic's contact box.
  const side = await sideColumnHtml(db, { path: crumbs[crumbs.length - 1]!.path, crumbs, contact: false });
  return { ...found, side };
}

function crumbsFor(office: { name: string; slug: string }): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Locations", path: "/locations" },
    { name: office.name, path: `/locations/${office.slug}` },
  ];
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  const { office } = loaderData;
  return pageMeta(
    {
      title: loaderData.searchTitle,
      // An office added by staff has no search description of its own yet: its page's description.
      description: office.metaDescription || office.description,
      modifiedDate: office.updatedAt,
      jsonLd: [
        officeJsonLd(
          { ...office, updatedAt: new Date(office.updatedAt) },
          root.site.clinicName,
          root.publicUrl,
          location.pathname,
        ),
        breadcrumbJsonLd(crumbsFor(office), root.publicUrl),
      ],
      pageDesignType: "location",
    },
    root,
    location.pathname,
  );
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { office, team } = loaderData;
  const crumbs = crumbsFor(office);
  const address = `${office.street}, ${office.city}, ${office.state} ${office.zip}`;
  return (
    <InnerPage sideHtml={loaderData.side}>
      <div className="grid gap-4">
        <BreadcrumbNav crumbs={crumbs} />
        <h1 className="text-3xl font-bold text-primary-dark md:text-4xl">
          {office.name}: psychiatry and therapy in {office.city}
        </h1>
        <p className="max-w-3xl text-lg text-muted md:text-xl">{office.description}</p>
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="grid content-start gap-5">
          <p className="flex items-start gap-3 text-lg">
            <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <span>
              {office.street}
              <br />
              {office.city}, {office.state} {office.zip}
            </span>
          </p>
          <p className="flex items-center gap-3 text-lg">
            <Phone aria-hidden className="size-5 shrink-0 text-primary" />
            <a
              href={telHref(office.phone)}
              className="inline-flex min-h-6 items-center font-semibold underline underline-offset-4"
            >
              {office.phone}
            </a>
          </p>
          <div className="flex items-start gap-3">
            <Clock aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            <div className="grid gap-2">
              <h2 className="text-lg font-semibold">Office hours</h2>
              <OfficeHours hours={office.hours} />
              {office.closures.length > 0 ? (
                <>
                  <h3 className="mt-2 font-semibold">Holiday closures</h3>
                  <HolidayClosures closures={office.closures} />
                </>
              ) : null}
            </div>
          </div>
          {office.telehealthOnly ? (
            <p className="text-muted">
              Visits with this office&apos;s clinicians are by secure video only; there is no waiting room to come to.
            </p>
          ) : office.directions ? (
            <div className="grid gap-2">
              <h2 className="text-lg font-semibold">Getting here</h2>
              <p className="text-muted">{office.directions}</p>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {office.telehealthOnly ? null : (
              <ExternalLink
                href={directionsUrl(address)}
                className={buttonVariants({ variant: "secondary" })}
                data-track="get_directions"
              >
                <Navigation aria-hidden className="size-4" />
                Get Directions
              </ExternalLink>
            )}
          </div>
        </div>
        {office.telehealthOnly ? null : (
          <MapPanel latitude={office.latitude} longitude={office.longitude} label={address} />
        )}
      </div>
      <section aria-labelledby="areas-title" className="grid gap-3">
        <h2 id="areas-title" className="text-2xl font-bold text-primary-dark">
          Areas we serve from {office.city}
        </h2>
        <p className="text-lg text-muted">
          Patients come to this office from {office.areasServed.join(", ") || office.city} and nearby. Anyone in Florida
          can also see us by{" "}
          <Link to="/virtual-visit" className="font-semibold text-primary-dark underline underline-offset-4">
            telehealth
          </Link>
          .
        </p>
      </section>
      <section aria-labelledby="team-title" className="grid gap-4">
        <h2 id="team-title" className="text-2xl font-bold text-primary-dark">
          Clinicians who see patients in person
        </h2>
        <TeamCards team={team} />
      </section>
    </InnerPage>
  );
}
