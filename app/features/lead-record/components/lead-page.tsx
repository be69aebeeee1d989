import type { LeadAnswer, LeadRecord } from "../lead-record-types";
import { AssignForm } from "./assign-form";
import { ContactForm } from "./contact-form";
import { DeleteSection } from "./delete-section";
import { DuplicatesSection } from "./duplicates-section";
import { Section } from "./fact-list";
import { LeadHeader } from "./lead-header";
import { RequestSection, SourceSection } from "./lead-sections";
import { NoteForm } from "./note-form";
import { StatusForm } from "./status-form";
import { Timeline } from "./timeline";

/**
 * One lead's page, in the order of a phone call: who and how to reach them,
 * what they asked for, the follow-up (status, contact attempts, assignment,
 * notes), what happened so far, possible duplicates, where they came from,
 * and, set apart, deleting it.
 */
export function LeadPage({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  // A versioned form starts afresh on each version (after a change, or a conflict's reload) and each answer.
  const fresh = `${record.version}-${answer?.answerId ?? ""}`;
  return (
    <div className="grid max-w-5xl gap-10">
      <LeadHeader record={record} />
      {record.isPhoneClick ? null : <RequestSection record={record} />}
      <Section id="follow-up" title="Follow-up">
        <div className="grid items-start gap-4 md:grid-cols-2">
          <StatusForm key={`status-${fresh}`} record={record} answer={answer} />
          {/* A tap on the phone link has no one to call back. */}
          {record.isPhoneClick ? null : <ContactForm key={`contact-${fresh}`} record={record} answer={answer} />}
          <AssignForm key={`assign-${fresh}`} record={record} answer={answer} />
          <NoteForm key={`note-${fresh}`} answer={answer} />
        </div>
      </Section>
      <Section id="timeline" title="Timeline" description="Everything that happened, newest first, in clinic time.">
        <Timeline entries={record.timeline} />
      </Section>
      <DuplicatesSection record={record} answer={answer} />
      <SourceSection record={record} />
      <DeleteSection answer={answer} />
    </div>
  );
}
