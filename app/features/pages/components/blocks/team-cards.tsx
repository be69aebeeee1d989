import { Link } from "react-router";
import type { TeamCard } from "../../block-data.server";

/** Clinicians as cards with their portrait (made on the server), linking to their page. */
export function TeamCards({ team }: { team: TeamCard[] }) {
  return (
    <ul aria-label="Our clinicians" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {team.map((m) => (
        <li key={m.slug} className="grid content-start gap-3 rounded-card border border-line bg-surface p-5">
          <div className="flex items-center gap-4">
            <span className="contents" dangerouslySetInnerHTML={{ __html: m.portrait }} />
            <div>
              <h3 className="text-lg font-semibold">
                <Link to={`/team/${m.slug}`} className="text-primary-dark underline-offset-4 hover:underline">
                  {m.name}, {m.credentials}
                </Link>
              </h3>
              <p className="text-sm text-muted">{m.role}</p>
            </div>
          </div>
          <p className="text-sm text-muted">{m.where}</p>
          {m.when ? <p className="text-sm">{m.when}</p> : null}
          <p
            className={
              m.acceptingNewPatients ? "text-sm font-semibold text-primary-dark" : "text-sm font-semibold text-muted"
            }
          >
            {m.acceptingNewPatients ? "Accepting new patients" : "Not accepting new patients (waitlist)"}
          </p>
        </li>
      ))}
    </ul>
  );
}
