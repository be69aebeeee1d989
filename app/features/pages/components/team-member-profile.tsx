import {
  BadgeCheck,
  CalendarCheck,
  Clock,
  GraduationCap,
  Languages,
  MapPin,
  MonitorSmartphone,
  ShieldCheck,
  Stethoscope,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { TeamProfile } from "../team-profile";
import { profileCrumbs } from "../profile-crumbs";
import { BreadcrumbNav } from "./breadcrumb-nav";

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

const linkClass = "font-semibold text-primary-dark underline underline-offset-4";

function LinkList({ items, prefix }: { items: { slug: string; name: string }[]; prefix: string }) {
  return items.map((item, i) => (
    <span key={item.slug}>
      {i > 0 ? ", " : null}
      <Link to={`${prefix}${item.slug}`} className={linkClass}>
        {item.name}
      </Link>
    </span>
  ));
}

/**
 * A clinician's page (/team/{slug}): also what the team editor's preview
 * renders from unsaved values, so staff see what visitors will.
 */
export function TeamMemberProfile({
  member,
  posts,
}: {
  member: TeamProfile;
  posts: { slug: string; title: string }[];
}) {
  return (
    // The page's frame (container, side column) is the route's InnerPage, around this HTML.
    <article className="grid gap-8">
      <BreadcrumbNav crumbs={profileCrumbs(member)} />
      <header className="flex flex-wrap items-center gap-6">
        <span className="contents" dangerouslySetInnerHTML={{ __html: member.portrait }} />
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
        {member.approach ? (
          <>
            <h3 className="text-xl font-semibold text-primary-dark">How {member.name} works</h3>
            <p className="max-w-prose text-lg leading-relaxed">{member.approach}</p>
          </>
        ) : null}
      </section>
      <dl className="grid gap-5 rounded-card border border-line bg-surface p-6 sm:grid-cols-2">
        <Facts icon={BadgeCheck} label="License">
          {member.licenseType}
        </Facts>
        {member.education ? (
          <Facts icon={GraduationCap} label="Education">
            {member.education}
          </Facts>
        ) : null}
        <Facts icon={Stethoscope} label="Focus areas">
          {member.specialties.join(", ")}
        </Facts>
        <Facts icon={MonitorSmartphone} label="Sees patients">
          {member.modalities.join(" and ")}
        </Facts>
        {member.offices.length ? (
          <Facts icon={MapPin} label="Offices">
            <LinkList items={member.offices} prefix="/locations/" />
          </Facts>
        ) : null}
        {member.availability ? (
          <Facts icon={Clock} label="Availability">
            {member.availability}
          </Facts>
        ) : null}
        <Facts icon={Languages} label="Languages">
          {member.languages.join(", ")}
        </Facts>
        {member.insurers.length ? (
          <Facts icon={ShieldCheck} label="Insurance accepted">
            <LinkList items={member.insurers} prefix="/" />
          </Facts>
        ) : null}
      </dl>
      {posts.length > 0 ? (
        <section aria-labelledby="articles-title" className="grid gap-3">
          <h2 id="articles-title" className="text-2xl font-bold text-primary-dark">
            Articles written or reviewed
          </h2>
          <ul className="grid gap-2">
            {posts.map((post) => (
              <li key={post.slug}>
                <Link to={`/blog/${post.slug}`} className={linkClass}>
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
