import { Plus } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import { UNDO_ITEM_INTENT } from "../content-lists";
import { MOVE_INTENT, type MoveAnswer } from "../reorder";
import type { TeamAnswer, TeamListData } from "../team-page-types";
import { OrderedList } from "./ordered-list";
import { UndoConfirmation } from "./undo-confirmation";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/** /admin/content/team: the clinicians in the site's order (moved with the Content kit's buttons), each opening its editor. */
export function TeamList({ data, answer }: { data: TeamListData; answer?: MoveAnswer | TeamAnswer }) {
  const settled = useNavigation().state === "idle";
  const shown = settled ? answer : undefined;
  // The answer of the deletion's Undo (the moves answer in their list).
  const undo = shown?.intent === UNDO_ITEM_INTENT ? (shown as TeamAnswer) : undefined;
  const undoArea = useFormFeedback<TeamAnswer, HTMLDivElement>(undo);
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Team members"
        description="The clinicians on the website: the Our Team page, the home page and each profile. Publishing a change shows it to every visitor at once."
      />
      {data.deleted && !undo ? (
        <UndoConfirmation
          message={`${data.deleted} was deleted from the website.`}
          entry={data.deletedEntry}
          what={`deleting ${data.deleted}`}
        />
      ) : null}
      {data.undone && !undo ? (
        <p
          role="status"
          className="rounded-xl border border-primary bg-primary-soft p-3 text-sm font-medium text-primary-dark"
        >
          Undone: {data.undone} is no longer on the website.
        </p>
      ) : null}
      <div ref={undoArea}>
        <AnswerMessage answer={undo} />
      </div>
      <p>
        <Link to={`${TEAM_CONTENT_PATH}/new`} className={buttonVariants()}>
          <Plus aria-hidden className="size-5" />
          Add a team member
        </Link>
      </p>
      <OrderedList
        list="team"
        label="Team members in the website's order"
        answer={answer?.intent === MOVE_INTENT ? (answer as MoveAnswer) : undefined}
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
