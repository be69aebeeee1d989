import { Form, Link, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { EmptyState } from "~/components/staff/page-header";
import { Button } from "~/components/ui/button";
import { answerFor } from "~/lib/form-answer";
import type { DuplicateCandidate, LeadAnswer, LeadRecord } from "../lead-record-types";
import { ConflictNotice } from "./conflict-notice";
import { Section } from "./fact-list";

/**
 * Other requests from the same e-mail or phone, each with a button that
 * marks this lead as its duplicate (one small form each, so it works without
 * JavaScript); what the last one did is said once, above the list.
 */
export function DuplicatesSection({ record, answer }: { record: LeadRecord; answer: LeadAnswer | undefined }) {
  const settled = useNavigation().state === "idle";
  const shown = settled ? answerFor(answer, "duplicate") : undefined;
  const area = useFormFeedback<LeadAnswer, HTMLDivElement>(shown);
  return (
    <Section
      id="duplicates"
      title="Possible duplicates"
      description="Other requests with the same e-mail address or phone number, newest first."
    >
      <div ref={area} className="grid gap-4">
        {shown?.conflict ? (
          <ConflictNotice conflict={shown.conflict} after="The page now shows the lead as it is." />
        ) : (
          <AnswerMessage answer={shown} />
        )}
        {record.isPhoneClick ? (
          <p className="text-muted">A tap on the phone link has no e-mail or phone number of its own to compare.</p>
        ) : record.duplicates.length === 0 ? (
          <EmptyState title="No other requests from this e-mail address or phone number." />
        ) : (
          <ul className="grid gap-3">
            {record.duplicates.map((candidate) => (
              <li key={candidate.id}>
                <Candidate candidate={candidate} version={record.version} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

function Candidate({ candidate, version }: { candidate: DuplicateCandidate; version: number }) {
  const navigation = useNavigation();
  const busy = useSendingIntent("duplicate") !== null && navigation.formData?.get("target") === candidate.id;
  return (
    <div className="grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <p>
          <Link to={candidate.href} className="font-semibold text-primary underline underline-offset-4">
            {candidate.name}
          </Link>{" "}
          <span className="text-sm text-muted">({candidate.sameBy.toLowerCase()})</span>
        </p>
        <p className="text-sm text-muted">
          {candidate.form} · <time dateTime={candidate.received.iso}>{candidate.received.text}</time> ·{" "}
          {candidate.status}
        </p>
      </div>
      {candidate.isOriginal ? (
        <p className="text-sm font-semibold">This lead is marked as its duplicate.</p>
      ) : candidate.isCopy ? (
        <p className="text-sm font-semibold">Marked as a duplicate of this lead.</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <input type="hidden" name="target" value={candidate.id} />
          <input type="hidden" name="version" value={version} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            {busy ? "Marking..." : "Mark this lead as its duplicate"}
            <span className="sr-only">
              {" "}
              ({candidate.name}, {candidate.received.text})
            </span>
          </Button>
        </Form>
      )}
    </div>
  );
}
