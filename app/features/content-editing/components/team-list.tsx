import { Plus } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import type { TeamListData } from "../team-page-types";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/** /admin/content/team: the clinicians in the site's order, each opening its editor. */
export function TeamList({ data }: { data: TeamListData }) {
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Team members"
        description="The clinicians on the website: the Our Team page, the home page and each profile. Publishing a change shows it to every visitor at once."
      />
      {data.deleted ? (
        <p role="status" className="rounded-xl bg-primary-soft p-4 font-medium text-primary-dark">
          {data.deleted} was deleted from the website.
        </p>
      ) : null}
      <p>
        <Link to={`${TEAM_CONTENT_PATH}/new`} className={buttonVariants()}>
          <Plus aria-hidden className="size-5" />
          Add a team member
        </Link>
      </p>
      <ol aria-label="Team members in the website's order" className="grid gap-3">
        {data.members.map((m) => (
          <li
            key={m.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4"
          >
            <div className="grid gap-1">
              <Link to={`${TEAM_CONTENT_PATH}/${m.id}`} className={`${linkClass} text-lg font-semibold`}>
                {m.name}, {m.credentials}
              </Link>
              <p className="text-sm text-muted">
                {m.role} · {m.hasPhoto ? "Has a photo" : "No photo (initials shown)"} ·{" "}
                {m.acceptingNewPatients ? "Accepting new patients" : "Waitlist"}
              </p>
            </div>
            <a href={`${data.publicUrl}/team/${m.slug}`} className={linkClass}>
              See {m.name}&rsquo;s profile
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
