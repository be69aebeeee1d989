import { Eye, Save, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { PageHeader } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import { cn } from "~/lib/cn";
import type { TeamAnswer, TeamEditorData } from "../team-page-types";
import { MODALITIES, TEAM_DELETE_INTENT, TEAM_INTENT, TEAM_LIMITS, TEAM_PREVIEW_INTENT } from "../team-rules";
import { PreviewPanel } from "./preview-panel";
import { TextField } from "./text-field";
import { UndoConfirmation } from "./undo-confirmation";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

function TextArea({
  id,
  label,
  hint,
  description,
  value,
  error,
  rows = 3,
  maxLength,
}: {
  id: string;
  label: string;
  hint?: string;
  description?: string;
  value: string;
  error?: string;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <Field id={`team-${id}`} label={label} hint={hint} description={description} error={error}>
      <textarea
        id={`team-${id}`}
        name={id}
        rows={rows}
        maxLength={maxLength}
        defaultValue={value}
        className={cn(inputClass, "py-3")}
        {...describedBy(`team-${id}`, { description, error })}
      />
    </Field>
  );
}

/** A group of checkboxes or radio buttons with a legend, its error tied to the group. */
function Choices({
  name,
  legend,
  description,
  options,
  chosen,
  error,
  type = "checkbox",
}: {
  name: string;
  legend: string;
  description?: string;
  options: { value: string; label: string }[];
  chosen: string[];
  error?: string;
  type?: "checkbox" | "radio";
}) {
  const ids = [description ? `team-${name}-description` : "", error ? `team-${name}-error` : ""].filter(Boolean);
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={ids.join(" ") || undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {description ? (
        <p id={`team-${name}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => {
          const id = `team-${name}-${option.value.replace(/\W+/g, "-")}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                id={id}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                aria-invalid={error ? true : undefined}
                className="size-6 shrink-0 accent-primary"
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={`team-${name}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * One team member's editor (issue 19): who they are, their photo (uploaded
 * through the image pipeline, with alt text), what people choose a
 * clinician by (issue 20), and their web address. Preview shows the public
 * profile from what is typed; Publish saves it for every visitor.
 */
export function TeamEditor({ data, answer }: { data: TeamEditorData; answer?: TeamAnswer }) {
  const settled = useNavigation().state === "idle";
  const shown = settled ? answer : undefined;
  const sending = useSendingIntent(TEAM_INTENT, TEAM_PREVIEW_INTENT, TEAM_DELETE_INTENT);
  // A change published: its confirmation carries Undo, above the form (a form in a form is not allowed).
  const published = shown?.intent === TEAM_INTENT && shown.ok && shown.entry ? shown : undefined;
  const form = useFormFeedback(shown?.intent === TEAM_DELETE_INTENT || published ? undefined : shown);
  const confirmation = useFormFeedback<TeamAnswer, HTMLDivElement>(published);
  const refusal = shown?.intent === TEAM_DELETE_INTENT ? shown : undefined;
  const errors = shown?.ok === false ? shown.fields : {};
  const typed = shown?.values;
  const value = (name: string) => typed?.[name] ?? data.values[name] ?? "";
  const list = (name: string) => value(name).split(",").filter(Boolean);
  const field = (name: string) => ({ id: `team-${name}`, name, value: value(name), error: errors[name] });
  const name = data.values.name ?? "";
  const title = data.id === null ? "Add a team member" : `Edit ${name}`;
  const preview = shown?.intent === TEAM_PREVIEW_INTENT ? shown.preview : undefined;
  return (
    <div className="grid min-w-0 gap-8 [&>*]:min-w-0">
      <PageHeader
        title={title}
        description="What you publish here is what visitors see on the Our Team page, the home page and the profile. Fields marked optional can stay empty."
      />
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={TEAM_CONTENT_PATH} className={linkClass}>
          Back to all team members
        </Link>
        {data.id !== null ? (
          <a href={`${data.publicUrl}/team/${data.values.slug}`} className={linkClass}>
            See the published profile
          </a>
        ) : null}
      </p>
      {data.created && !shown ? (
        <UndoConfirmation
          message={`Published: ${name} is on the website now.`}
          entry={data.createdEntry}
          what={`adding ${name}`}
        />
      ) : null}
      <div ref={confirmation} className="empty:hidden">
        {published ? (
          <UndoConfirmation
            message={published.message ?? ""}
            entry={published.entry!}
            what={`this change to ${name}`}
          />
        ) : null}
      </div>
      <Form
        key={JSON.stringify(data.values)}
        ref={form}
        method="post"
        aria-label={title}
        className="grid min-w-0 gap-6 rounded-2xl border border-line bg-surface p-4 sm:p-6 [&>*]:min-w-0"
        noValidate
      >
        <AnswerMessage answer={shown?.intent === TEAM_DELETE_INTENT || published ? undefined : shown} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...field("name")}
            label="Full name"
            description="As patients will see it, without Dr. (the credentials follow it)."
            maxLength={TEAM_LIMITS.name.max}
          />
          <TextField
            {...field("credentials")}
            label="Credentials"
            description="Letters after the name, such as LCSW or MD."
            maxLength={TEAM_LIMITS.credentials.max}
          />
          <TextField
            {...field("role")}
            label="Role"
            description="Such as Licensed Clinical Social Worker."
            maxLength={TEAM_LIMITS.role.max}
          />
          <TextField
            {...field("licenseType")}
            label="License"
            description="The license and the state, such as Florida Licensed Clinical Social Worker."
            maxLength={TEAM_LIMITS.licenseType.max}
          />
        </div>

        <ImageUploadField name="photoImageId" label="Photo (optional)" image={data.photo} previewSizes="10rem" />
        {errors.photoImageId ? <p className="text-sm font-medium text-danger">{errors.photoImageId}</p> : null}
        <p className="-mt-4 text-sm text-muted">
          Without a photo, the website shows their initials on a coloured tile.
        </p>

        <TextArea
          id="bio"
          label="Bio"
          description={`A warm, plain introduction: who they help and what a first visit is like (${TEAM_LIMITS.bio.min}–${TEAM_LIMITS.bio.max} characters).`}
          value={value("bio")}
          error={errors.bio}
          rows={6}
          maxLength={TEAM_LIMITS.bio.max}
        />
        <TextArea
          id="approach"
          label="Approach"
          hint="(optional)"
          description={`How they work with people, in a sentence or two (up to ${TEAM_LIMITS.approach.max} characters).`}
          value={value("approach")}
          error={errors.approach}
          maxLength={TEAM_LIMITS.approach.max}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...field("education")}
            label="Education"
            hint="(optional)"
            description="Such as MSW, University of Central Florida."
            maxLength={TEAM_LIMITS.education.max}
          />
          <TextField
            {...field("availability")}
            label="Availability"
            hint="(optional)"
            description="Such as Evenings on Tuesdays."
            maxLength={TEAM_LIMITS.availability.max}
          />
          <TextField
            {...field("specialties")}
            label="Focus areas"
            description={`Separate them with commas, such as Anxiety, Depression (up to ${TEAM_LIMITS.specialties.max}).`}
          />
          <TextField
            {...field("languages")}
            label="Languages"
            description="Separate them with commas, such as English, Spanish."
          />
        </div>

        <Choices
          name="modalities"
          legend="Sees people"
          options={MODALITIES.map((m) => ({ value: m, label: m }))}
          chosen={list("modalities")}
          error={errors.modalities}
        />
        <Choices
          name="acceptingNewPatients"
          legend="Accepting new patients?"
          type="radio"
          options={[
            { value: "yes", label: "Yes" },
            { value: "no", label: "No (waitlist)" },
          ]}
          chosen={[value("acceptingNewPatients")]}
          error={errors.acceptingNewPatients}
        />
        <Choices
          name="locationIds"
          legend="Offices they see people at"
          description="None chosen: shown at every office if they see people in person."
          options={data.offices.map((o) => ({ value: String(o.id), label: o.name }))}
          chosen={list("locationIds")}
          error={errors.locationIds}
        />
        <Choices
          name="insuranceIds"
          legend="Insurance accepted"
          options={data.insurers.map((o) => ({ value: String(o.id), label: o.name }))}
          chosen={list("insuranceIds")}
          error={errors.insuranceIds}
        />

        <TextArea
          id="metaDescription"
          label="Search description"
          description={`What search engines show under the profile's title: ${TEAM_LIMITS.metaDescription.min}–${TEAM_LIMITS.metaDescription.max} characters, naming their role and where they see people.`}
          value={value("metaDescription")}
          error={errors.metaDescription}
          maxLength={TEAM_LIMITS.metaDescription.max}
        />
        <TextField
          {...field("slug")}
          label="Web address"
          hint="(optional)"
          description={
            data.id === null
              ? "The end of the profile's address, /team/…. Leave it empty to make it from the name."
              : "The end of the profile's address, /team/…. If you change it, the old address leads to the new one."
          }
          maxLength={TEAM_LIMITS.slug.max}
        />

        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value={TEAM_INTENT} disabled={sending !== null}>
            <Save aria-hidden className="size-5" />
            {sending === TEAM_INTENT ? "Publishing..." : "Publish"}
          </Button>
          <Button type="submit" name="intent" value={TEAM_PREVIEW_INTENT} variant="outline" disabled={sending !== null}>
            <Eye aria-hidden className="size-5" />
            {sending === TEAM_PREVIEW_INTENT ? "Preparing the preview..." : "Preview the profile"}
          </Button>
        </div>
      </Form>

      {preview ? <PreviewPanel id="team-preview-heading" html={preview} /> : null}

      {data.id !== null ? (
        <section aria-labelledby="team-delete-heading" className="grid gap-3">
          <h2 id="team-delete-heading" className="text-xl font-bold text-primary-dark">
            Delete {name}
          </h2>
          <p className="text-sm text-muted">
            Their profile leaves the website. Not possible while a blog post names them or a page links to them.
          </p>
          {refusal && !refusal.ok ? (
            <div role="alert" className="grid gap-2 rounded-xl border border-danger p-4">
              <p className="font-medium">{refusal.message}</p>
              <ul className="list-disc pl-6">
                {refusal.places?.map((place) => (
                  <li key={`${place.kind}${place.path}`}>
                    {place.kind === "post" ? "Blog post" : "Page"}{" "}
                    <a href={place.path} className={linkClass}>
                      {place.title}
                    </a>{" "}
                    ({place.why})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Form method="post" className="flex">
            <Button
              type="submit"
              name="intent"
              value={TEAM_DELETE_INTENT}
              variant="outline"
              disabled={sending !== null}
            >
              <Trash2 aria-hidden className="size-5" />
              Delete {name}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
