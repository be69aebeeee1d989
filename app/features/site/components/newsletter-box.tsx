import { Mail } from "lucide-react";
import { useId, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useJsonForm } from "~/components/form/use-json-form";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { track } from "~/features/analytics/client/runtime";
import { TRY_LATER } from "~/lib/api-error-message";
import {
  consentSourcePath,
  NEWSLETTER_PATH,
  SUBSCRIBE_API,
  SUBSCRIBED_TOAST,
} from "~/features/newsletter/newsletter-constants";
import type { NewsletterInput } from "~/features/newsletter/newsletter-schema";
import { apiRequest } from "~/lib/api-request";
import { CrisisNotice } from "~/components/crisis-notice";

const noSubscription = () => () => {};
const clientSnapshot = () => true;
const serverSnapshot = () => false;

/**
 * Footer newsletter sign-up (spec §4, §5, §8). With JavaScript: a JSON post
 * to /api/newsletter/subscribe and a toast. Without (or before hydration): a
 * native post to /newsletter, which answers with a page. The button is
 * disabled for an empty address only once the box is interactive, so the
 * server-rendered form is never stuck.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState("");
  const [honeypot, setHoneypot] = useState("");
  const { answer, sending, submit } = useJsonForm<"email">();
  const feedbackRef = useFormFeedback(answer, {
    accepted: SUBSCRIBED_TOAST,
    refused: (refusal) => ({
      variant: "destructive",
      title: "Subscription failed",
      description: refusal.fields.email ?? refusal.message ?? TRY_LATER,
    }),
  });
  // false in the server HTML and while hydrating, true from then on.
  const interactive = useSyncExternalStore(noSubscription, clientSnapshot, serverSnapshot);
  const { pathname } = useLocation();
  const inputId = useId();
  const trimmed = email.trim();
  const source = consentSourcePath(pathname);
  const emailError = answer?.ok ? undefined : answer?.fields.email;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || sending) return;
    const body: NewsletterInput = { email: trimmed, source, ...(honeypot ? { website: honeypot } : {}) };
    const sent = await submit(() => apiRequest("POST", SUBSCRIBE_API, body), {
      fallback: TRY_LATER,
      serverSentence: true,
      fieldFor: (name) => (name === "email" ? name : undefined),
    });
    if (!sent) return;
    setEmail("");
    // A first-party conversion only: a newsletter sign-up is never sent to the ad pixel.
    track({ eventType: "newsletter_signup", eventCategory: "conversion" });
  }

  return (
    <form
      ref={feedbackRef}
      method="post"
      action={NEWSLETTER_PATH}
      onSubmit={onSubmit}
      className="relative grid content-start gap-3"
      aria-labelledby={`${inputId}-title`}
    >
      <h2 id={`${inputId}-title`} className="text-base font-semibold text-white">
        Newsletter
      </h2>
      <p className="text-sm text-white/85">
        Gentle, practical mental-health tips once a week. Unsubscribe in one click from any issue.
      </p>
      <label htmlFor={inputId} className="text-sm font-medium text-white">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${inputId}-error` : undefined}
          className="min-h-11 w-full min-w-0 rounded-full border border-white/40 bg-white px-4 text-ink placeholder:text-muted aria-invalid:border-2 aria-invalid:border-accent"
          placeholder="you@example.com"
        />
        <Button type="submit" variant="primary" disabled={interactive && (!trimmed || sending)}>
          <Mail aria-hidden className="size-4" />
          {sending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      {emailError ? (
        <p id={`${inputId}-error`} className="text-sm font-semibold text-white">
          {emailError}
        </p>
      ) : null}
      <input type="hidden" name="source" value={source} />
      <HoneypotField id={`${inputId}-website`} value={honeypot} onChange={setHoneypot} />
      <CrisisNotice compact className="text-xs text-white/85 [&_a]:text-white" />
    </form>
  );
}
