import { Plus } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { EmptyState, PageHeader } from "~/components/staff/page-header";
import { buttonVariants } from "~/components/ui/button";
import { CONTENT_PATH } from "~/lib/content-paths";
import { itemPath, type ItemAnswer, type ListPageData } from "../content-lists";
import { MOVE_INTENT, type MoveAnswer } from "../reorder";
import { LinkedFromList } from "./linked-from";
import { OrderedList } from "./ordered-list";
import { UndoConfirmation } from "./undo-confirmation";

/** /admin/content/:list — one content list in its order: move, open to edit, add. */
export function ContentListPage({ data, answer }: { data: ListPageData; answer?: ItemAnswer | MoveAnswer }) {
  const { spec } = data;
  const settled = useNavigation().state === "idle";
  const shown = settled ? answer : undefined;
  const moveAnswer = shown?.intent === MOVE_INTENT ? (shown as MoveAnswer) : undefined;
  const itemAnswer = shown && shown.intent !== MOVE_INTENT ? (shown as ItemAnswer) : undefined;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={spec.title}
        description={
          <>
            <p>
              In the order visitors see them on {spec.shownOn}. Moving, adding and changing publish at once; every
              change can be undone from the{" "}
              <Link to={CONTENT_PATH} className="text-primary underline">
                content history
              </Link>
              .
            </p>
            {spec.note ? <p className="mt-2 font-medium text-ink">{spec.note}</p> : null}
          </>
        }
        actions={
          <Link to={itemPath(CONTENT_PATH, spec.key, "new")} className={buttonVariants({ variant: "secondary" })}>
            <Plus aria-hidden className="size-5" />
            Add a {spec.noun}
          </Link>
        }
      />
      {data.deleted && !answer ? (
        <UndoConfirmation
          message={`Deleted: the ${spec.noun} is no longer on the website.`}
          entry={data.deleted.entry}
          what={`deleting the ${spec.noun}`}
        />
      ) : null}
      {data.undone && !answer ? (
        <p
          role="status"
          className="rounded-xl border border-primary bg-primary-soft p-3 text-sm font-medium text-primary-dark"
        >
          Undone: the new {spec.noun} is no longer on the website.
        </p>
      ) : null}
      <AnswerMessage answer={itemAnswer} />
      {itemAnswer?.linkedFrom ? <LinkedFromList links={itemAnswer.linkedFrom} /> : null}
      {spec.unordered ? (
        <FixedList data={data} />
      ) : data.rows.length === 0 ? (
        <EmptyState title={`No ${spec.title.toLowerCase()} yet`}>Add the first with the button above.</EmptyState>
      ) : (
        <OrderedList
          list={spec.key}
          label={spec.title}
          answer={moveAnswer}
          rows={data.rows.map((row) => ({
            id: row.id,
            title: row.title,
            children: (
              <>
                {row.summary ? <p className="text-sm text-muted">{row.summary}</p> : null}
                <p>
                  <Link
                    to={itemPath(CONTENT_PATH, spec.key, row.id)}
                    className="inline-flex min-h-6 items-center font-semibold text-primary underline"
                  >
                    Edit<span className="sr-only">: {row.title}</span>
                  </Link>
                </p>
              </>
            ),
          }))}
        />
      )}
    </div>
  );
}

/** The pages: not moved (their order is the sitemap's), so a plain list of links. */
function FixedList({ data }: { data: ListPageData }) {
  return (
    <ul aria-label={data.spec.title} className="grid gap-2 sm:grid-cols-2">
      {data.rows.map((row) => (
        <li key={row.id} className="grid gap-1 rounded-xl border border-line bg-surface p-4">
          <Link
            to={itemPath(CONTENT_PATH, data.spec.key, row.id)}
            className="inline-flex min-h-6 items-center font-semibold text-primary underline"
          >
            {row.title}
          </Link>
          <p className="text-sm text-muted">{row.summary}</p>
        </li>
      ))}
    </ul>
  );
}
