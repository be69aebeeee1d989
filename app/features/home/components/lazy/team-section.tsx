import { Link } from "react-router";
import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

export default function TeamSection({ team }: { team: HomePageData["team"] }) {
  const copy = lazySectionHeadings.team;
  return (
    <section
      aria-labelledby="team-title"
      className="below-fold container-page grid gap-4 py-7 md:gap-8 md:py-14"
      data-section="team"
    >
      <SectionHeading id="team-title" heading={copy.heading} intro={copy.intro} />
      {/* On a phone a row that scrolls sideways (focusable, so a keyboard can scroll it too). */}
      <ul
        tabIndex={0}
        aria-label="Our clinicians"
        className="flex gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:pb-0 lg:grid-cols-3"
      >
        {team.map((member) => (
          <li
            key={member.slug}
            className="grid w-[90%] shrink-0 content-start gap-3 rounded-card bg-surface p-6 shadow-card sm:w-auto"
          >
            <div className="flex items-center gap-4">
              {/* The photo, or the initials tile: markup made on the server (team-portrait.server.tsx). */}
              <span className="contents" dangerouslySetInnerHTML={{ __html: member.portrait }} />
              <div>
                <h3 className="text-lg font-semibold">
                  <Link to={`/team/${member.slug}`} className="text-primary-dark underline-offset-4 hover:underline">
                    {member.name}, {member.credentials}
                  </Link>
                </h3>
                <p className="text-sm text-muted">{member.role}</p>
              </div>
            </div>
            <p className="text-sm">{member.focus}</p>
            <p className="text-sm text-muted">{member.where}</p>
            {member.when ? <p className="text-sm">{member.when}</p> : null}
            <p
              className={
                member.acceptingNewPatients
                  ? "text-sm font-semibold text-primary-dark"
                  : "text-sm font-semibold text-muted"
              }
            >
              {member.acceptingNewPatients ? "Accepting new patients" : "Not accepting new patients (waitlist)"}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
