import { Mail } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { apiRequest } from "~/lib/api-request";

/**
 * Footer newsletter sign-up (spec §4, §5, §8). The sign-up service arrives
 * with the leads work; until then the request fails and the visitor is told
 * so, never shown a success.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const trimmed = email.trim();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || pending) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/newsletter/subscribe", { email: trimmed });
      toast({ title: "Subscribed!", description: "You'll receive our weekly mental health newsletter." });
      setEmail("");
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Subscription failed",
        description: (error instanceof Error && error.message) || "Please try again later.",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action="/api/newsletter/subscribe"
      onSubmit={onSubmit}
      className="grid gap-3"
      aria-labelledby={`${inputId}-title`}
    >
      <h2 id={`${inputId}-title`} className="text-base font-semibold text-white">
        Newsletter
      </h2>
      <p className="text-sm text-white/85">Gentle, practical mental-health tips once a week.</p>
      <label htmlFor={inputId} className="text-sm font-medium text-white">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-h-11 w-full min-w-0 rounded-full border border-white/40 bg-white px-4 text-ink placeholder:text-muted"
          placeholder="you@example.com"
        />
        <Button type="submit" variant="primary" disabled={!trimmed || pending}>
          <Mail aria-hidden className="size-4" />
          {pending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p className="text-xs text-white/85">Online sign-up is being switched on; if it fails, please try again later.</p>
    </form>
  );
}
