import { Save } from "lucide-react";
import { Form } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { LOCATION_INTENT, type ContentAnswer, type LocationView } from "../content-page-types";
import { closureField, CONTENT_LIMITS, dayField } from "../content-rules";
import { WEEKDAYS } from "../week-hours";
import { TextField } from "./text-field";

const linkClass = "inline-flex min-h-6 items-center text-primary-dark underline underline-offset-2 hover:no-underline";

/**
 * One office: its address and phone, its hours weekday by weekday (empty
 * times: closed; a note such as "by appointment" with or without times),
 * and the holiday closures (a date and a few words each). Saving publishes.
 */
export function LocationForm({
  office,
  publicUrl,
  answer,
}: {
  office: LocationView;
  publicUrl: string;
  answer?: ContentAnswer;
}) {
  const busy = useSendingIntent(LOCATION_INTENT) !== null;
  const form = useFormFeedback(answer);
  const errors = answer?.ok === false ? answer.fields : {};
  const typed = answer?.ok === false ? answer.values : undefined;
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const idOf = (name: string) => `office-${office.id}-${name.replace(".", "-")}`;
  const field = (name: "street" | "city" | "state" | "zip" | "phone") => ({
    id: idOf(name),
    name,
    value: value(name, office[name]),
    error: errors[name],
  });
  const closureRows = Math.min(
    office.closures.length + CONTENT_LIMITS.newClosureRows,
    CONTENT_LIMITS.closures + CONTENT_LIMITS.newClosureRows,
  );
  const headingId = `office-${office.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold text-primary-dark">
          {office.name}
        </h3>
        <a href={`${publicUrl}/locations/${office.slug}`} className={linkClass}>
          See its page on the website
        </a>
      </div>
      {office.isPrimary ? (
        <p className="text-sm text-muted">
          The main office: its address, phone and hours are the clinic&apos;s main ones, shown in the header and the
          footer of every page and in search results.
        </p>
      ) : null}
      <Form
        key={JSON.stringify(office)}
        ref={form}
        method="post"
        aria-labelledby={headingId}
        className="grid gap-5"
        noValidate
      >
        <AnswerMessage answer={answer} />
        <input type="hidden" name="intent" value={LOCATION_INTENT} />
        <input type="hidden" name="target" value={office.id} />
        <div className="grid gap-5 sm:grid-cols-2">
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
          <Save aria-hidden className="size-5" />
          {busy ? "Publishing..." : `Publish ${office.name}`}
        </Button>
      </Form>
    </section>
  );
}
