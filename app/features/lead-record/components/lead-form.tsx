import type * as React from "react";
import { Form, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { answerFor } from "~/lib/form-answer";
import { cn } from "~/lib/cn";
import type { LeadIntent } from "../lead-record-options";
import type { LeadAnswer } from "../lead-record-types";
import { ConflictNotice } from "./conflict-notice";

/**
 * One form of a lead's page, posted to the page's action with its `intent`
 * (and the lead's version, for the changes that are versioned). It shows the
 * answer meant for it once the page's data has reloaded, so the message and
 * the page agree, and moves the keyboard to the news (useFormFeedback).
 */
export function LeadForm({
  intent,
  answer,
  version,
  title,
  description,
  submitLabel,
  sendingLabel,
  danger,
  className,
  children,
}: {
  intent: LeadIntent;
  /** The page's last answer, whichever form it was for. */
  answer: LeadAnswer | undefined;
  version?: number;
  /** The form's heading, and so its name. */
  title: string;
  description?: React.ReactNode;
  submitLabel: React.ReactNode;
  sendingLabel: string;
  danger?: boolean;
  className?: string;
  /** The fields, given this form's answer (its field messages and what was typed). */
  children: (answer: LeadAnswer | undefined) => React.ReactNode;
}) {
  const settled = useNavigation().state === "idle";
  const shown = settled ? answerFor(answer, intent) : undefined;
  const form = useFormFeedback(shown);
  const busy = useSendingIntent(intent) !== null;
  const headingId = `${intent}-form-heading`;
  return (
    <Form
      ref={form}
      method="post"
      aria-labelledby={headingId}
      noValidate
      className={cn(
        "grid content-start gap-4 rounded-card bg-surface p-4 sm:p-5",
        danger ? "border-2 border-danger" : "border border-line",
        className,
      )}
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="text-lg font-bold text-primary-dark">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      <input type="hidden" name="intent" value={intent} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      {shown?.conflict ? (
        <ConflictNotice
          conflict={shown.conflict}
          after="The page now shows the lead as it is; your choice is kept below if it still applies."
        />
      ) : (
        <AnswerMessage answer={shown} />
      )}
      {children(shown)}
      <Button type="submit" variant={danger ? "danger" : "secondary"} disabled={busy} className="justify-self-start">
        {busy ? sendingLabel : submitLabel}
      </Button>
    </Form>
  );
}

/** What was typed into a refused form (a conflict included), to draw it again; nothing after an accepted one. */
export function typedBefore(answer: LeadAnswer | undefined) {
  return answer && !answer.ok ? answer.values : undefined;
}
