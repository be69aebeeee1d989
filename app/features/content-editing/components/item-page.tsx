import { useNavigation } from "react-router";
import { PageHeader } from "~/components/staff/page-header";
import { CONTENT_PATH } from "~/lib/content-paths";
import { listPath, type ItemAnswer, type ItemPageData } from "../content-lists";
import { ItemForm } from "./item-form";
import { UndoConfirmation } from "./undo-confirmation";

/** /admin/content/:list/:id — one item's editor, with the list's note (testimonials: shared with permission). */
export function ItemPage({ data, answer }: { data: ItemPageData; answer?: ItemAnswer }) {
  const { spec } = data;
  const idle = useNavigation().state === "idle";
  const shown = idle ? answer : undefined;
  const title = data.id === null ? `New ${spec.noun}` : (data.values[spec.titleField] ?? spec.title);
  return (
    <div className="grid gap-6">
      <PageHeader
        title={title}
        description={
          <>
            <p>
              {spec.title}: shown on {spec.shownOn}. Publishing changes the website for every visitor at once.
            </p>
            {spec.note ? <p className="mt-2 font-medium text-ink">{spec.note}</p> : null}
          </>
        }
      />
      {data.added && !answer ? (
        <UndoConfirmation
          message={`Published: the new ${spec.noun} is on the website for every visitor.`}
          entry={data.added.entry}
          what={`adding “${title}”`}
        />
      ) : null}
      <ItemForm data={data} answer={shown} listHref={listPath(CONTENT_PATH, spec.key)} />
    </div>
  );
}
