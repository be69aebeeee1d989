import { CalendarCheck, Phone, ShieldCheck } from "lucide-react";
import { data, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { databaseContext } from "~/context";
import { findSlugPage } from "~/features/content/queries.server";
import { pageMeta } from "~/features/seo/page-meta";
import { CrisisNotice } from "~/features/site/components/crisis-notice";
import { rootDataFrom } from "~/features/site/root-data";
import { telHref } from "~/features/site/site-content";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/slug-page";

/** /{slug}: a treatment or an insurance provider; anything else is 404. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await findSlugPage(context.get(databaseContext).db, params.slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!loaderData || !root) return [];
  const site = { publicUrl: root.publicUrl, siteName: root.site.clinicName, pathname: location.pathname };
  if (loaderData.kind === "treatment") {
    const t = loaderData.treatment;
    return pageMeta(
      {
        title: `${t.title} in Winter Park, FL | ${root.site.clinicName}`.slice(0, 60),
        description: t.shortDescription,
        jsonLd: {
          "@context": "https://schema.org",
          "@type": "MedicalWebPage",
          name: t.title,
          description: t.shortDescription,
          about: { "@type": "MedicalTherapy", name: t.title },
        },
        pageDesignType: "treatment",
      },
      site,
    );
  }
  const p = loaderData.provider;
  return pageMeta(
    {
      title: `${p.name} Insurance for Mental Health Care`,
      description: `We accept many ${p.name} plans for psychiatry, therapy and medication management. Call us and we'll help you check your benefits.`,
      pageDesignType: "insurance",
    },
    site,
  );
}

export default function SlugPage({ loaderData, matches }: Route.ComponentProps) {
  const phone = rootDataFrom(matches)?.site.footerPhone ?? "";
  const heading =
    loaderData.kind === "treatment" ? loaderData.treatment.title : `${loaderData.provider.name} insurance`;
  return (
    <article className="container-page grid max-w-3xl gap-6 py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/" className="underline underline-offset-4">
          Home
        </Link>{" "}
        / <span aria-current="page">{heading}</span>
      </nav>
      <h1 className="text-4xl font-bold text-primary-dark">{heading}</h1>
      {loaderData.kind === "treatment" ? (
        <p className="text-xl text-muted">{loaderData.treatment.shortDescription}</p>
      ) : (
        <div className="grid gap-4 text-lg text-muted">
          <p className="flex gap-2">
            <ShieldCheck aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
            We work with many {loaderData.provider.name} plans for psychiatric evaluations, medication management and
            therapy.
          </p>
          <p>
            Coverage depends on your plan. Call us with your member ID and we'll check your mental-health benefits with
            you before your first visit. If you'd rather pay yourself, we can give you a Good Faith Estimate.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/request-appointment" className={buttonVariants({ size: "lg" })}>
          <CalendarCheck aria-hidden className="size-5" />
          Request Appointment
        </Link>
        <a href={telHref(phone)} className={buttonVariants({ variant: "outline", size: "lg" })}>
          <Phone aria-hidden className="size-5" />
          Call {phone}
        </a>
      </div>
      <CrisisNotice className="rounded-card bg-sand p-4" />
    </article>
  );
}
