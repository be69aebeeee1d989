import { Suspense } from "react";
import { Static } from "~/document/static";
import { databaseContext } from "~/context";
import { About, CareOptions, WhyChoose } from "~/features/home/components/about-and-why";
import { Approach, Comparison, GettingStarted } from "~/features/home/components/approach-and-comparison";
import { useLayOutBelowFold } from "~/document/below-fold";
import { FeaturedServices } from "~/features/home/components/featured-services";
import { Hero } from "~/features/home/components/hero";
import { InsuranceStrip } from "~/features/home/components/insurance-strip";
import { TrustFactors, VerifiedOn } from "~/features/home/components/trust-sections";
import { handleHeroFormPost } from "~/features/home/hero-form.server";
import { loadHomePage } from "~/features/home/home.server";
import { organizationJsonLd } from "~/features/seo/organization-jsonld";
import { shortBrand } from "~/features/pages/page-titles";
import { pageMeta } from "~/features/seo/page-meta";
import { lazyWithPreload } from "~/document/lazy-with-preload";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/home";

// Below the fold: in the server-rendered HTML for people and search engines;
// their code loads only when the home page is rendered in the browser (after
// a client navigation), never for the first, server-rendered view.
const TestimonialsSection = lazyWithPreload(() => import("~/features/home/components/lazy/testimonials-section"));
const TeamSection = lazyWithPreload(() => import("~/features/home/components/lazy/team-section"));
const ConditionsSection = lazyWithPreload(() => import("~/features/home/components/lazy/conditions-section"));
const FaqSection = lazyWithPreload(() => import("~/features/home/components/lazy/faq-section"));
const LocationsSection = lazyWithPreload(() => import("~/features/home/components/lazy/locations-section"));
const lazySections = [TestimonialsSection, TeamSection, ConditionsSection, FaqSection, LocationsSection];

export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const [home] = await Promise.all([
    loadHomePage(context.get(databaseContext).db),
    ...lazySections.map((section) => section.preload()),
  ]);
  return home;
}

/** The hero form posted without JavaScript (with JavaScript it posts JSON to /api/leads). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleHeroFormPost(request, context);
}

/**
 * Only the root's data is read. React Router passes the matches from the root down, so the root's is
 * the first (the route types say so too; rootDataFrom, imported here, would be a chunk of its own), and
 * it calls a route's meta only when no loader above or at it failed, so the data is there.
 */
export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const { site, publicUrl } = root;
  return pageMeta(
    {
      title: `Psychiatry & Therapy in Winter Park, FL | ${shortBrand(site.clinicName)}`,
      description:
        "Psychiatry, therapy, counseling and medication management in Winter Park, FL, in person or by telehealth anywhere in Florida. Most insurance accepted.",
      keywords: [
        "psychiatrist Winter Park",
        "therapy Winter Park FL",
        "counseling Orlando",
        "medication management",
        "telehealth psychiatry Florida",
      ],
      canonicalPath: "/",
      pageDesignType: "landing",
      jsonLd: organizationJsonLd(site, publicUrl),
    },
    root,
    location.pathname,
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { site, treatments, providers } = loaderData;
  // Every section from About on carries `below-fold`: none of them is on the
  // first screen at any window size (decision 0019).
  useLayOutBelowFold();
  return (
    <>
      <Hero site={site} treatments={treatments} providers={providers} formAnswer={actionData} />
      <Static>
        <VerifiedOn />
        <TrustFactors />
      </Static>
      <InsuranceStrip providers={providers} />
      <Static>
        <About site={site} />
        <WhyChoose />
        <CareOptions />
      </Static>
      <FeaturedServices treatments={loaderData.services} />
      <Static>
        <Approach site={site} />
        <Comparison />
        <GettingStarted site={site} />
        <Suspense fallback={null}>
          <TestimonialsSection testimonials={loaderData.testimonials} />
          <TeamSection team={loaderData.team} />
          <ConditionsSection conditions={loaderData.conditions} />
          <FaqSection faq={loaderData.faq} />
          <LocationsSection locations={loaderData.locations} />
        </Suspense>
      </Static>
    </>
  );
}
