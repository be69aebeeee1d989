import { BadgeCheck, CalendarCheck, Languages, MonitorSmartphone, Stethoscope } from "lucide-react";
import { data, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { databaseContext } from "~/context";
import { breadcrumbJsonLd, type Crumb } from "~/features/pages/breadcrumbs";
import { BreadcrumbNav } from "~/features/pages/components/breadcrumb-nav";
import { clinicianJsonLd } from "~/features/pages/structured-data";
import { loadTeamMember } from "~/features/pages/team-member.server";
import { clinicianTitle } from "~/features/pages/page-titles";
import { pageMeta } from "~/features/seo/page-meta";
import { publicPageHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/team-member";

/** /team/{slug}: one clinician. */
export const headers = publicPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadTeamMember(context.get(databaseContext).db, params.slug);
  if (!found) throw data(null, { status: 404 });
  return found;
}

function crumbsFor(member: { name: string; slug: string }): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Our Team", path: "/team" },
    { name: member.name, path: `/team/${member.slug}` },
  ];
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) return [];
  const { member } = loaderData;
  return pageMeta(
    {
      title: clinicianTitle(member, root.site.clinicName),
      description: member.metaDescription,
      type: "profile",
      modifiedDate: member.updatedAt,
      jsonLd: [
        clinicianJsonLd({ ...member, updatedAt: new Date(member.updatedAt) }, root.publicUrl, location.pathname),
        breadcrumbJsonLd(crumbsFor(member), root.publicUrl),
      ],
      pageDesignType: "clinician",
    },
    root,
    location.pathname,
  );
}

function Facts({ icon: Icon, label, children }: { icon: typeof BadgeCheck; label: string; children: React.ReactNode }) {
  // dt and dd stay direct children of the group (a dl may hold only dt/dd groups).
  return (
    <div className="grid gap-1">
      <dt className="flex items-center gap-3 font-semibold">
        <Icon aria-hidden className="size-5 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className="pl-8 text-muted">{children}</dd>
    </div>
  );
}

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  const { member, posts } = loaderData;
  return (
    <article className="container-page grid max-w-4xl gap-8 py-10 md:py-14">
      <BreadcrumbNav crumbs={crumbsFor(member)} />
      <header className="flex flex-wrap items-center gap-6">
        {member.photo ? (
          <img src={member.photo} alt={member.photoAlt} width={160} height={160} className="size-40 rounded-full" />
        ) : null}
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold text-primary-dark md:text-4xl">
            {member.name}, {member.credentials}
          </h1>
          <p className="text-xl text-muted">{member.role}</p>
          <p className={member.acceptingNewPatients ? "font-semibold text-primary-dark" : "font-semibold text-muted"}>
            {member.acceptingNewPatients
              ? "Accepting new patients"
              : "Not accepting new patients right now — ask us about the waitlist"}
          </p>
        </div>
      </header>
      <section aria-labelledby="about-title" className="grid gap-3">
        <h2 id="about-title" className="text-2xl font-bold text-primary-dark">
          About {member.name}
        </h2>
        <p className="max-w-prose text-lg leading-relaxed">{member.bio}</p>
      </section>
      <dl className="grid gap-5 rounded-card border border-line bg-surface p-6 sm:grid-cols-2">
        <Facts icon={BadgeCheck} label="Licence">
          {member.licenseType}
        </Facts>
        <Facts icon={Stethoscope} label="Focus areas">
          {member.specialties.join(", ")}
        </Facts>
        <Facts icon={MonitorSmartphone} label="Sees patients">
          {member.modalities.join(" and ")}
        </Facts>
        <Facts icon={Languages} label="Languages">
          {member.languages.join(", ")}
        </Facts>
      </dl>
      {posts.length > 0 ? (
        <section aria-labelledby="articles-title" className="grid gap-3">
          <h2 id="articles-title" className="text-2xl font-bold text-primary-dark">
            Articles written or reviewed
          </h2>
          <ul className="grid gap-2">
            {posts.map((post) => (
              <li key={post.slug}>
                <Link
                  to={`/blog/${post.slug}`}
                  className="font-semibold text-primary-dark underline underline-offset-4"
                >
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to="/request-appointment" className={buttonVariants({ size: "lg" })}>
          <CalendarCheck aria-hidden className="size-5" />
          Request Appointment
        </Link>
        <Link to="/team" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Meet the rest of the team
        </Link>
      </div>
    </article>
  );
}
