import { Eye, Save, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import {
  DELETE_ITEM_INTENT,
  PREVIEW_ITEM_INTENT,
  REPUBLISH_ITEM_INTENT,
  SAVE_ITEM_INTENT,
  UNPUBLISH_ITEM_INTENT,
  type ItemAnswer,
  type ItemPageData,
  type ListField,
} from "../content-lists";
import { LinkedFromList } from "./linked-from";
import { PagePublishing } from "./page-publishing";
import { PreviewPanel } from "./preview-panel";
import { TextField } from "./text-field";

/**
 * The one editor of a content list's item (a question, a testimonial, an
 * insurer, a condition), its fields drawn from the list's description.
 * Saving publishes; a new item goes to the end of the list.
 */
export function ItemForm({
  data,
  answer: posted,
  listHref,
}: {
  data: ItemPageData;
  answer?: ItemAnswer;
  listHref: string;
}) {
  const { spec } = data;
  // Unpublish and Publish again answer in their own section.
  const publishing =
    posted?.intent === UNPUBLISH_ITEM_INTENT || posted?.intent === REPUBLISH_ITEM_INTENT ? posted : undefined;
  const answer = publishing ? undefined : posted;
  const sending = useSendingIntent(SAVE_ITEM_INTENT, PREVIEW_ITEM_INTENT, DELETE_ITEM_INTENT);
  const busy = sending !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.ok === false ? answer.fields : {};
  // What was typed stays in the form after a refusal or a preview.
  const typed =
    answer?.values && (answer.ok === false || answer.intent === PREVIEW_ITEM_INTENT) ? answer.values : undefined;
  const preview = answer?.intent === PREVIEW_ITEM_INTENT ? answer.preview : undefined;
  // A box left unticked is absent from what was typed.
  const value = (name: string) => (typed ? (typed[name] ?? "") : (data.values[name] ?? ""));
  return (
    <div className="grid max-w-3xl gap-6">
      <Form
        key={JSON.stringify(data.values)}
        ref={form}
        method="post"
        aria-label={data.id === null ? `New ${spec.noun}` : `Edit the ${spec.noun}`}
        className="grid gap-5"
        noValidate
      >
        <AnswerMessage answer={answer} />
        {answer?.linkedFrom ? <LinkedFromList links={answer.linkedFrom} /> : null}
        {spec.fields.map((field) => (
          <ItemField
            key={field.name}
            field={field}
            value={value(field.name)}
            error={errors[field.name]}
            image={data.images[field.name] ?? null}
            note={data.fieldNotes?.[field.name]}
            choices={data.choices[field.name] ?? []}
          />
        ))}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value={SAVE_ITEM_INTENT} disabled={busy}>
            <Save aria-hidden className="size-5" />
            {data.id === null ? `Publish the new ${spec.noun}` : "Publish changes"}
          </Button>
          <Button type="submit" name="intent" value={PREVIEW_ITEM_INTENT} variant="outline" disabled={busy}>
            <Eye aria-hidden className="size-5" />
            {sending === PREVIEW_ITEM_INTENT ? "Preparing the preview..." : "Preview"}
          </Button>
          <Link to={listHref} className="inline-flex min-h-11 items-center px-2 font-semibold text-primary underline">
            Back to {spec.title}
          </Link>
        </div>
      </Form>
      {preview ? <PreviewPanel id="item-preview-heading" html={preview} /> : null}
      {data.publishing ? <PagePublishing data={{ ...data, publishing: data.publishing }} answer={publishing} /> : null}
      {data.id !== null && data.deletable ? (
        <Form method="post" className="grid gap-2 border-t border-line pt-5">
          <input type="hidden" name="intent" value={DELETE_ITEM_INTENT} />
          <input type="hidden" name="id" value={data.id} />
          <p className="text-sm text-muted">
            Deleting takes the {spec.noun} off the website at once. It can be undone from the content history.
          </p>
          <div>
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              <Trash2 aria-hidden className="size-4" />
              Delete this {spec.noun}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

function ItemField({
  field,
  value,
  error,
  image,
  choices,
  note,
}: {
  field: ListField;
  value: string;
  error?: string;
  image: string | null;
  choices: { value: string; label: string }[];
  note?: string;
}) {
  const id = `item-${field.name}`;
  const description = note ?? field.hint;
  const hint = field.optional ? "(optional)" : undefined;
  if (field.kind === "textarea" || field.kind === "markdown")
    return (
      <Field id={id} label={field.label} hint={hint} description={description} error={error}>
        <textarea
          id={id}
          name={field.name}
          defaultValue={value}
          rows={field.kind === "markdown" ? 18 : 5}
          maxLength={(field.max ?? 1000) + 200}
          className={`${inputClass} py-3`}
          {...describedBy(id, { description, error })}
        />
      </Field>
    );
  if (field.kind === "rating" || field.kind === "choice") {
    const options =
      field.kind === "rating" ? ["5", "4", "3", "2", "1"].map((n) => ({ value: n, label: `${n} stars` })) : choices;
    return (
      <Field id={id} label={field.label} hint={hint} description={description} error={error}>
        <select
          id={id}
          name={field.name}
          defaultValue={value}
          className={inputClass}
          {...describedBy(id, { description, error })}
        >
          {field.kind === "choice" ? <option value="">None</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
    );
  }
  if (field.kind === "checkbox")
    return (
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          defaultChecked={value === "on"}
          aria-describedby={field.hint ? `${id}-hint` : undefined}
          className="size-6 accent-primary"
        />
        <label htmlFor={id} className="font-medium">
          {field.label}
        </label>
        {field.hint ? (
          <p id={`${id}-hint`} className="col-start-2 text-sm text-muted">
            {field.hint}
          </p>
        ) : null}
      </div>
    );
  if (field.kind === "image")
    return (
      <div className="grid gap-3">
        {image ? (
          <div className="flex flex-wrap items-center gap-4">
            <img src={image} alt={`The current ${field.label.toLowerCase()}`} className="h-10 w-auto" />
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name={`${field.name}Remove`} className="size-6 accent-primary" />
              Remove the {field.label.toLowerCase()}
            </label>
          </div>
        ) : null}
        <ImageUploadField
          name={`${field.name}Image`}
          label={image ? `A new ${field.label.toLowerCase()}` : field.label}
        />
        <FieldError id={id} error={error} />
      </div>
    );
  return (
    <TextField
      id={id}
      name={field.name}
      label={field.label}
      hint={hint}
      description={description}
      value={value}
      error={error}
      maxLength={(field.max ?? 200) + 50}
    />
  );
}
