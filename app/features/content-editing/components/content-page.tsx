import { Link, useNavigation } from "react-router";
import { TEAM_CONTENT_PATH } from "~/lib/content-paths";
import { CONTENT_PATH } from "~/lib/content-paths";
import { CONTENT_LIST_KEYS, LIST_SPECS, listPath } from "../content-lists";
import { PageHeader } from "~/components/staff/page-header";
import { answerFor } from "~/lib/form-answer";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import {
  CLINIC_INTENT,
  LOCATION_ADD_INTENT,
  LOCATION_DELETE_INTENT,
  LOCATION_INTENT,
  MAIN_OFFICE_INTENT,
  NEW_OFFICE_TARGET,
  REVERT_INTENT,
  type ContentAnswer,
  type ContentPageData,
} from "../content-page-types";
import { ClinicForm } from "./clinic-form";
import { ContentHistory } from "./content-history";
import { LocationForm, NEW_OFFICE } from "./location-form";

const sectionHeading = "text-2xl font-bold text-primary-dark";

/** A new main office's news, where its form's main-office part was: the keyboard goes to it. */
function MainOfficeNews({ answer }: { answer: ContentAnswer }) {
  const area = useFormFeedback<ContentAnswer, HTMLDivElement>(answer);
  return (
    <div ref={area}>
      <AnswerMessage answer={answer} />
    </div>
  );
}

/** /admin/content: the clinic's settings, its offices and the latest changes (issue 19's first slice). */
export function ContentPage({ data, answer }: { data: ContentPageData; answer?: ContentAnswer }) {
  // An answer shows once the page's data has reloaded too, so the message and the fields agree.
  const settled = useNavigation().state === "idle";
  const shown = settled ? answer : undefined;
  const officeAnswer = answerFor(shown, LOCATION_INTENT, LOCATION_ADD_INTENT);
  const removeAnswer = answerFor(shown, LOCATION_DELETE_INTENT);
  const mainAnswer = answerFor(shown, MAIN_OFFICE_INTENT);
  const mainOfficeName = data.locations.find((o) => o.isPrimary)?.name;
  const answerOf = (answer: ContentAnswer | undefined, target: string) =>
    answer?.target === target ? answer : undefined;
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Site content"
        description="The clinic's details, its offices and its team as the website shows them. Publishing changes the website for every visitor at once; every change is kept in the history below and can be undone."
      />
      <nav aria-labelledby="lists-heading" className="grid gap-3">
        <h2 id="lists-heading" className={sectionHeading}>
          Lists
        </h2>
        <ul className="flex flex-wrap gap-3">
          {CONTENT_LIST_KEYS.map((key) => (
            <li key={key}>
              <Link
                to={listPath(CONTENT_PATH, key)}
                className="inline-flex min-h-11 items-center rounded-full border-2 border-primary px-5 font-semibold text-primary hover:bg-primary-soft"
              >
                {LIST_SPECS[key].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="clinic-heading" className="grid gap-4">
        <h2 id="clinic-heading" className={sectionHeading}>
          Clinic settings
        </h2>
        <ClinicForm clinic={data.clinic} answer={answerFor(shown, CLINIC_INTENT)} />
      </section>
      <section aria-labelledby="offices-heading" className="grid gap-4">
        <h2 id="offices-heading" className={sectionHeading}>
          Offices
        </h2>
        {/* A removed office's form is gone: its answer shows here. */}
        {removeAnswer?.ok ? <AnswerMessage answer={removeAnswer} /> : null}
        {/* The new main office's own form has no main-office part: the answer shows here. */}
        {mainAnswer?.ok ? <MainOfficeNews answer={mainAnswer} /> : null}
        {data.locations.map((office) => (
          <LocationForm
            key={office.id}
            office={office}
            publicUrl={data.publicUrl}
            answer={answerOf(officeAnswer, String(office.id))}
            removeAnswer={answerOf(removeAnswer, String(office.id))}
            mainAnswer={answerOf(mainAnswer, String(office.id))}
            mainOfficeName={mainOfficeName}
          />
        ))}
        <LocationForm
          office={NEW_OFFICE}
          publicUrl={data.publicUrl}
          answer={answerOf(officeAnswer, NEW_OFFICE_TARGET)}
        />
      </section>
      <section aria-labelledby="team-heading" className="grid gap-2">
        <h2 id="team-heading" className={sectionHeading}>
          Team members
        </h2>
        <p>
          Clinicians&rsquo; profiles, photos, offices and insurance:{" "}
          <Link
            to={TEAM_CONTENT_PATH}
            className="inline-flex min-h-6 items-center font-semibold text-primary-dark underline underline-offset-2 hover:no-underline"
          >
            edit the team members
          </Link>
          .
        </p>
      </section>
      <section aria-labelledby="history-heading" className="grid gap-4">
        <h2 id="history-heading" className={sectionHeading}>
          Recent changes
        </h2>
        <ContentHistory history={data.history} answer={answerFor(shown, REVERT_INTENT)} />
      </section>
    </div>
  );
}
