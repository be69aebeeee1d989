import { Plus, Save, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import {
  LOCATION_ADD_INTENT,
  LOCATION_DELETE_INTENT,
  LOCATION_INTENT,
  MAIN_OFFICE_INTENT,
  NEW_OFFICE_TARGET,
  type ContentAnswer,
  type LocationView,
} from "../content-page-types";
import { closureField, CONTENT_LIMITS, dayField } from "../content-rules";
import { WEEKDAYS, weekOfRows } from "../week-hours";
import { LinkedFromList } from "./linked-from";
import { MainOfficeForm } from "./main-office-form";
import { TextField } from "./text-field";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/** The new-office form's starting values: nothing typed, every day closed. */
export const NEW_OFFICE: Omit<LocationView, "id"> & { id: null } = {
  id: null,
  slug: "",
  name: "",
  description: "",
  directions: "",
  metaDescription: "",
  telehealthOnly: false,
  latitude: "",
  longitude: "",
  areasServed: "",
  street: "",
  city: "",
  state: "FL",
  zip: "",
  phone: "",
  isPrimary: false,
  week: weekOfRows([]),
  closures: [],
};

/**
 * One office: its name, page address and description, its address, phone
 * and map position, its hours weekday by weekday (empty times: closed; a
 * note such as "by appointment" with or without times), and the holiday
 * closures (a date and a few words each), its "Getting here" and search
 * description. Saving publishes. With `office` NEW_OFFICE it adds one; an
 * office other than the main one can be made the main one or removed.
 */
export function LocationForm({
  office,
  publicUrl,
  answer,
  removeAnswer,
  mainAnswer,
  mainOfficeName,
}: {
  office: LocationView | typeof NEW_OFFICE;
  publicUrl: string;
  answer?: ContentAnswer;
  removeAnswer?: ContentAnswer;
  mainAnswer?: ContentAnswer;
  /** The office that is the main one now, if any. */
  mainOfficeName?: string;
}) {
  const adding = office.id === null;
  const busy =
    useSendingIntent(LOCATION_INTENT, LOCATION_ADD_INTENT, LOCATION_DELETE_INTENT, MAIN_OFFICE_INTENT) !== null;
  const form = useFormFeedback(answer);
  const removeForm = useFormFeedback(removeAnswer);
  const errors = answer?.ok === false ? answer.fields : {};
  const typed = answer?.ok === false ? answer.values : undefined;
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const key = office.id ?? NEW_OFFICE_TARGET;
  const idOf = (name: string) => `office-${key}-${name.replace(".", "-")}`;
  const field = (
    name:
      | "name"
      | "slug"
      | "description"
      | "directions"
      | "metaDescription"
      | "areasServed"
      | "latitude"
      | "longitude"
      | "street"
      | "city"
      | "state"
      | "zip"
      | "phone",
  ) => ({
    id: idOf(name),
    name,
    value: value(name, office[name]),
    error: errors[name],
  });
  const closureRows = Math.min(
    office.closures.length + CONTENT_LIMITS.newClosureRows,
    CONTENT_LIMITS.closures + CONTENT_LIMITS.newClosureRows,
  );
  const headingId = `office-${key}-heading`;
  const telehealthId = idOf("telehealthOnly");
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold text-primary-dark">
          {adding ? "Add an office" : office.name}
        </h3>
        {adding ? null : (
          <a href={`${publicUrl}/locations/${office.slug}`} className={linkClass}>
            See its page on the website
          </a>
        )}
      </div>
      {adding ? (
        <p className="text-sm text-muted">
          A new office gets its own page, a card in the list of offices and a place in the sitemap as soon as it is
          added.
        </p>
      ) : null}
      {office.isPrimary ? (
        <p className="text-sm text-muted">
          The main office: its address, phone and hours are the clinic&apos;s main ones, shown in the header and the
          footer of every page and in search results.
        </p>
      ) : null}
      <Form
        // A new office added: the form starts empty again.
        key={adding && answer?.ok ? answer.answerId : JSON.stringify(office)}
        ref={form}
        method="post"
        aria-labelledby={headingId}
        className="grid gap-5"
        noValidate
      >
        <AnswerMessage answer={answer} />
        <input type="hidden" name="intent" value={adding ? LOCATION_ADD_INTENT : LOCATION_INTENT} />
        <input type="hidden" name="target" value={key} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...field("name")}
            label="Office name"
            description="Such as Lake Mary Office."
            maxLength={CONTENT_LIMITS.officeName.max}
          />
          <TextField
            {...field("slug")}
            label="Page address"
            description="After /locations/: lower-case words joined by hyphens, such as lake-mary. Changing it leaves the old address leading here."
            maxLength={CONTENT_LIMITS.officeSlug.max}
          />
          <TextField
            {...field("description")}
            label="Description"
            className="sm:col-span-2"
            description="One or two sentences under the office page's heading: the street, parking, what is near."
            maxLength={CONTENT_LIMITS.officeDescription.max}
          />
          <TextField
            {...field("areasServed")}
            label="Areas served"
            hint="(optional)"
            className="sm:col-span-2"
            description="Towns and neighborhoods, separated by commas, such as Lake Mary, Sanford, Heathrow."
          />
          <TextField
            {...field("street")}
            label="Street address"
            className="sm:col-span-2"
            maxLength={CONTENT_LIMITS.street.max}
            autoComplete="street-address"
          />
          <TextField {...field("city")} label="City" maxLength={CONTENT_LIMITS.city.max} />
          <div className="grid grid-cols-2 gap-4">
            <TextField {...field("state")} label="State" hint="(2 letters)" maxLength={2} />
            <TextField {...field("zip")} label="ZIP code" maxLength={5} inputMode="numeric" />
          </div>
          <TextField {...field("phone")} label="Office phone" type="tel" description="Such as (407) 555-0143." />
          <div className="grid grid-cols-2 gap-4 sm:col-span-2">
            <TextField
              {...field("latitude")}
              label="Latitude"
              description="From a map: right-click the office in Google Maps; the first number."
              inputMode="text"
            />
            <TextField {...field("longitude")} label="Longitude" description="The second number." inputMode="text" />
          </div>
          <div className="flex items-start gap-3 sm:col-span-2">
            <input
              id={telehealthId}
              name="telehealthOnly"
              type="checkbox"
              defaultChecked={typed ? typed.telehealthOnly === "on" : office.telehealthOnly}
              aria-describedby={
                errors.telehealthOnly ? `${telehealthId}-hint ${telehealthId}-error` : `${telehealthId}-hint`
              }
              aria-invalid={errors.telehealthOnly ? true : undefined}
              className="mt-0.5 size-6 shrink-0 accent-primary"
            />
            <div>
              <label htmlFor={telehealthId} className="font-medium">
                Telehealth only
              </label>
              <p id={`${telehealthId}-hint`} className="text-sm text-muted">
                Visits from this office are by video: its page says so and offers no directions or map.
              </p>
              {errors.telehealthOnly ? (
                <p id={`${telehealthId}-error`} className="text-sm font-medium text-danger">
                  {errors.telehealthOnly}
                </p>
              ) : null}
            </div>
          </div>
          <TextField
            {...field("directions")}
            label="Getting here"
            hint="(optional)"
            className="sm:col-span-2"
            rows={3}
            description={`Parking, the nearest bus stop or highway exit, which entrance and floor: ${CONTENT_LIMITS.officeDirections.min}–${CONTENT_LIMITS.officeDirections.max} characters, shown beside the map on the office's page. Empty: no such section.`}
            maxLength={CONTENT_LIMITS.officeDirections.max}
          />
          <TextField
            {...field("metaDescription")}
            label="Search description"
            hint="(optional)"
            className="sm:col-span-2"
            rows={3}
            description={`What search engines show under the office page's title: ${CONTENT_LIMITS.officeSearchDescription.min}–${CONTENT_LIMITS.officeSearchDescription.max} characters, naming the office's town and what it offers. Empty: the description is used.`}
            maxLength={CONTENT_LIMITS.officeSearchDescription.max}
          />
        </div>

        <fieldset className="grid gap-3">
          <legend className="font-semibold">Opening hours</legend>
          <p className="text-sm text-muted">
            Leave both times empty on a day the office is closed. A note (such as &ldquo;by appointment&rdquo;) is shown
            after the times, or alone.
          </p>
          {WEEKDAYS.map((day) => {
            const opens = dayField(day, "opens");
            const closes = dayField(day, "closes");
            const note = dayField(day, "note");
            return (
              <fieldset
                key={day}
                className="grid gap-3 border-t border-line pt-3 sm:grid-cols-[8rem_1fr_1fr_2fr] sm:items-end"
              >
                <legend className="float-left pt-2 font-medium sm:pt-0">{day}</legend>
                <TextField
                  id={idOf(opens)}
                  name={opens}
                  label="Opens"
                  type="time"
                  value={value(opens, office.week[day].opens)}
                  error={errors[opens]}
                  className="sm:col-start-2"
                />
                <TextField
                  id={idOf(closes)}
                  name={closes}
                  label="Closes"
                  type="time"
                  value={value(closes, office.week[day].closes)}
                  error={errors[closes]}
                />
                <TextField
                  id={idOf(note)}
                  name={note}
                  label="Note"
                  hint="(optional)"
                  value={value(note, office.week[day].note)}
                  error={errors[note]}
                  maxLength={CONTENT_LIMITS.dayNote.max}
                />
              </fieldset>
            );
          })}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="font-semibold">Holiday closures</legend>
          <p className="text-sm text-muted">
            Days the office is closed although its hours say open. The website shows the ones still to come. To remove
            one, clear its date and note.
          </p>
          {Array.from({ length: closureRows }, (_, row) => {
            const date = closureField(row, "date");
            const note = closureField(row, "note");
            const saved = office.closures[row];
            return (
              <div key={row} className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <TextField
                  id={idOf(date)}
                  name={date}
                  label={saved ? `Closed on (closure ${row + 1})` : `Closed on (new closure ${row + 1})`}
                  type="date"
                  value={value(date, saved?.date ?? "")}
                  error={errors[date]}
                />
                <TextField
                  id={idOf(note)}
                  name={note}
                  label="Note"
                  hint="(such as Thanksgiving Day)"
                  value={value(note, saved?.note ?? "")}
                  error={errors[note]}
                  maxLength={CONTENT_LIMITS.closureNote.max}
                />
              </div>
            );
          })}
        </fieldset>

        <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
          {adding ? <Plus aria-hidden className="size-5" /> : <Save aria-hidden className="size-5" />}
          {busy ? "Publishing..." : adding ? "Add and publish the office" : `Publish ${office.name}`}
        </Button>
      </Form>
      {office.id === null || office.isPrimary ? null : (
        <MainOfficeForm
          office={{ id: office.id, name: office.name }}
          mainOfficeName={mainOfficeName}
          answer={mainAnswer}
          busy={busy}
        />
      )}
      {adding ? null : (
        <Form ref={removeForm} method="post" className="grid gap-2 border-t border-line pt-4">
          <AnswerMessage answer={removeAnswer} />
          {removeAnswer?.linkedFrom ? <LinkedFromList links={removeAnswer.linkedFrom} /> : null}
          <input type="hidden" name="intent" value={LOCATION_DELETE_INTENT} />
          <input type="hidden" name="target" value={key} />
          <p className="text-sm text-muted">
            Removing takes the office&apos;s page and card off the website at once; its address then leads to the list
            of offices. It can be undone from the recent changes.
          </p>
          <div>
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              <Trash2 aria-hidden className="size-4" />
              Remove {office.name}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
