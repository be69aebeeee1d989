import { Plus } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import type { MoveAnswer } from "../reorder";
import type { TeamListData } from "../team-page-types";
import { OrderedList } from "./ordered-list";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/** /admin/content/team: the clinicians in the site's order (moved with the Content kit's buttons), each opening its editor. */
export function TeamList({ data, answer }: { data: TeamListData; answer?: MoveAnswer }) {
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
      <OrderedList
        list="team"
        label="Team members in the website's order"
        answer={answer}
        rows={data.members.map((m) => ({
          id: m.id,
          title: `${m.name}, ${m.credentials}`,
          children: (
            <>
              <p className="text-sm text-muted">
                {m.role} · {m.hasPhoto ? "Has a photo" : "No photo (initials shown)"} ·{" "}
                {m.acceptingNewPatients ? "Accepting new patients" : "Waitlist"}
              </p>
              <p className="flex flex-wrap gap-x-5 gap-y-1">
                <Link to={`${TEAM_CONTENT_PATH}/${m.id}`} className={linkClass}>
                  Edit {m.name}
                </Link>
                <a href={`${data.publicUrl}/team/${m.slug}`} className={linkClass}>
                  See the profile
                </a>
              </p>
            </>
          ),
        }))}
      />
    </div>
  );
}
