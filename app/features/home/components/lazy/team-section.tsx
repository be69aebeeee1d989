import type { HomePageData } from "../../home.server";
import { lazySectionHeadings } from "../../copy";
import { SectionHeading } from "../section-heading";

function initials(name: string) {
  return name
    .replace(/^Dr\.?\s+/i, "")
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join("");
}

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
        className="flex snap-x gap-4 overflow-x-auto pb-3 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:pb-0 lg:grid-cols-3"
      >
        {team.map((member) => (
          <li
            key={member.id}
            className="grid w-4/5 shrink-0 snap-start content-start gap-3 rounded-card bg-surface p-6 shadow-card sm:w-auto"
          >
            <div className="flex items-center gap-4">
              {/* A placeholder portrait, plainly not a photo. */}
              <span
                role="img"
                aria-label={`Placeholder portrait for ${member.name}`}
                className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xl font-bold text-primary-dark"
              >
                {initials(member.name)}
              </span>
              <div>
                <h3 className="text-lg font-semibold">
                  {member.name}, {member.credentials}
                </h3>
                <p className="text-sm text-muted">{member.role}</p>
              </div>
            </div>
            <p className="text-sm">{member.specialties.join(" · ")}</p>
            <p className="text-sm text-muted">
              {member.modalities.join(" & ")} · {member.languages.join(", ")}
            </p>
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
