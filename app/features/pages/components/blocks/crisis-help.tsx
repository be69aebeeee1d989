import { MessageSquare, Phone, Siren, Hospital, MessagesSquare } from "lucide-react";
import { ExternalLink } from "~/components/ui/external-link";
import { cn } from "~/lib/cn";

const action =
  "inline-flex min-h-12 items-center gap-3 rounded-lg bg-surface px-4 py-2 font-semibold text-danger underline-offset-4 hover:underline";

/**
 * Immediate help, first: 988 by call, text or chat, 911, the nearest
 * emergency room. Calls to 988 and 911 are never counted as leads.
 */
export function CrisisHelp({ leading = false }: { leading?: boolean }) {
  const Title = leading ? "p" : "h2";
  return (
    <aside
      aria-label="Immediate help"
      className={cn("grid gap-4 rounded-card border-2 border-danger bg-danger-soft p-5 md:p-6")}
      data-testid="crisis-help"
    >
      <Title className="text-2xl font-bold text-danger">Need help right now?</Title>
      <p className="text-lg">
        You don't have to wait for an appointment. Trained counselors answer day and night, and it's free and
        confidential.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <a href="tel:988" className={action}>
            <Phone aria-hidden className="size-5 shrink-0" />
            Call 988 (Suicide &amp; Crisis Lifeline)
          </a>
        </li>
        <li>
          <a href="sms:988" className={action}>
            <MessageSquare aria-hidden className="size-5 shrink-0" />
            Text 988
          </a>
        </li>
        <li>
          <ExternalLink href="https://988lifeline.org/chat/" className={action}>
            <MessagesSquare aria-hidden className="size-5 shrink-0" />
            Chat with 988 online
          </ExternalLink>
        </li>
        <li>
          <a href="tel:911" className={action}>
            <Siren aria-hidden className="size-5 shrink-0" />
            In danger now? Call 911
          </a>
        </li>
      </ul>
      <p className="flex items-start gap-3">
        <Hospital aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
        <span>
          Or go to the nearest hospital emergency room. If you can, ask someone you trust to go with you or to stay with
          you.
        </span>
      </p>
    </aside>
  );
}
