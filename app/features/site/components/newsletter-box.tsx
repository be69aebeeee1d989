import { Mail } from "lucide-react";
import { useId, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { track } from "~/features/analytics/client/runtime";
import { apiErrorMessage } from "~/lib/api-error-message";
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
  const [pending, setPending] = useState(false);
  // false in the server HTML and while hydrating, true from then on.
  const interactive = useSyncExternalStore(noSubscription, clientSnapshot, serverSnapshot);
  const { pathname } = useLocation();
  const inputId = useId();
  const trimmed = email.trim();
  const source = consentSourcePath(pathname);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || pending) return;
    setPending(true);
    try {
      const body: NewsletterInput = { email: trimmed, source, ...(honeypot ? { website: honeypot } : {}) };
      await apiRequest("POST", SUBSCRIBE_API, body);
      toast(SUBSCRIBED_TOAST);
      setEmail("");
      // A first-party conversion only: a newsletter sign-up is never sent to the ad pixel.
      track({ eventType: "newsletter_signup", eventCategory: "conversion" });
    } catch (error) {
      toast({ variant: "destructive", title: "Subscription failed", description: apiErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
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
          className="min-h-11 w-full min-w-0 rounded-full border border-white/40 bg-white px-4 text-ink placeholder:text-muted"
          placeholder="you@example.com"
        />
        <Button type="submit" variant="primary" disabled={interactive && (!trimmed || pending)}>
          <Mail aria-hidden className="size-4" />
          {pending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <input type="hidden" name="source" value={source} />
      <HoneypotField id={`${inputId}-website`} value={honeypot} onChange={setHoneypot} />
      <CrisisNotice compact className="text-xs text-white/85 [&_a]:text-white" />
    </form>
  );
}
