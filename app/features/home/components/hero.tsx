import { BadgeCheck, CalendarCheck, Phone, ShieldCheck, Star, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { InsuranceProvider, Treatment } from "~/features/content/types";
import type { FormAnswer } from "~/lib/form-answer";
import type { HeroField } from "../hero-form";
import { telHref, type SiteContent } from "~/features/content/site-content";
import { trustBadges } from "../copy";
import { HeroLeadForm } from "./hero-lead-form";
import { InsuranceLogo } from "./insurance-logo";

const HERO_INSURANCE_LOGOS = 3;
const badgeIcons = [BadgeCheck, Video, CalendarCheck, ShieldCheck, Star];

export function Hero(props: {
  site: SiteContent;
  treatments: Treatment[];
  providers: InsuranceProvider[];
  formAnswer?: FormAnswer<HeroField>;
}) {
  const { site } = props;
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-primary-soft to-canvas">
      <div className="container-page grid gap-8 py-8 md:gap-10 md:py-16 lg:grid-cols-[1.1fr_1fr] lg:items-start">
        <div className="grid gap-4 md:gap-6">
          <p className="text-lg font-semibold text-primary">{site.tagline}</p>
          <h1 id="hero-title" className="text-4xl leading-tight font-bold text-primary-dark md:text-5xl">
            {site.heroTitle}
          </h1>
          <p className="max-w-prose text-muted md:text-lg">{site.heroSubtitle}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/request-appointment" className={buttonVariants({ size: "lg" })}>
              <CalendarCheck aria-hidden className="size-5" />
              Request Appointment
            </Link>
            <a href={telHref(site.footerPhone)} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Phone aria-hidden className="size-5" />
              Call {site.footerPhone}
            </a>
          </div>

          <div className="grid gap-2">
            <p className="text-sm font-medium text-muted">In network with plans such as</p>
            <ul className="flex flex-wrap items-center gap-3">
              {props.providers.slice(0, HERO_INSURANCE_LOGOS).map((provider) => (
                // A smaller mark than the insurance strip's, so two fit side by side on a phone.
                <li
                  key={provider.id}
                  className="flex h-11 items-center rounded-xl border border-line bg-surface px-2.5 [&>img]:h-6 [&>span]:text-xs"
                >
                  <InsuranceLogo provider={provider} />
                </li>
              ))}
            </ul>
          </div>

          <ul aria-label="Why people choose us" className="flex flex-wrap gap-2" data-testid="trust-badges">
            {trustBadges.map((badge, i) => {
              const Icon = badgeIcons[i] ?? BadgeCheck;
              const content = (
                <>
                  <Icon aria-hidden className="size-4 text-primary" />
                  {badge.label}
                </>
              );
              return (
                <li key={badge.label}>
                  <span className="inline-flex min-h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm font-medium">
                    {content}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <HeroLeadForm
          treatments={props.treatments}
          phone={site.footerPhone}
          promise={site.replyPromise}
          answer={props.formAnswer}
        />
      </div>
    </section>
  );
}
