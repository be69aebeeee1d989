import { LogOut, MonitorSmartphone } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { AnswerMessage } from "~/components/form/answer-message";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { answerFor } from "~/lib/form-answer";
import type { AccountAnswer } from "../account-answer";
import type { SessionRow } from "../account-view";

/** Where this person is signed in now, with a way to end any one session or all of them. */
export function SessionsSection({
  sessions,
  answer: last,
}: {
  sessions: SessionRow[];
  answer: AccountAnswer | undefined;
}) {
  const id = useId();
  const answer = answerFor(last, "end-session", "sign-out-everywhere");
  const message = useFormFeedback<AccountAnswer, HTMLDivElement>(answer);
  const sending = useSendingIntent("end-session", "sign-out-everywhere");
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Where you are signed in
      </h2>
      <p className="max-w-prose text-muted">
        Each browser you sign in with has its own session. If you see one you do not recognise, end it and change your
        password.
      </p>
      <div ref={message} key={answer?.answerId} className="max-w-prose empty:hidden">
        <AnswerMessage answer={answer} />
      </div>
      <ul className="grid gap-3">
        {sessions.map((session) => (
          <li
            key={session.ref}
            className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-4"
          >
            <div className="flex items-start gap-3">
              <MonitorSmartphone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="grid gap-0.5">
                <p className="font-semibold">
                  {session.browser}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-primary-dark">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted">
                  Signed in <time dateTime={session.startedAt}>{session.started}</time> · {session.lastActive} · IP
                  address {session.ip}
                </p>
              </div>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={session.ref} />
                <Button type="submit" variant="outline" size="sm" disabled={sending !== null}>
                  End<span className="sr-only"> the session on {session.browser}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="grid max-w-prose gap-2">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <p className="text-sm text-muted">
          Signing out everywhere ends every session, this one too. You will need to sign in again.
        </p>
        <Button type="submit" variant="outline" disabled={sending !== null} className="justify-self-start">
          <LogOut aria-hidden className="size-5" />
          {sending === "sign-out-everywhere" ? "Signing out..." : "Sign out everywhere"}
        </Button>
      </Form>
    </section>
  );
}
