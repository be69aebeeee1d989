import { KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";

/**
 * A new or reset account's one-time password, shown to the admin once: it
 * lives only in this answer to their form, never in a URL, a log or the
 * page's loader data, so a reload does not bring it back.
 */
export function OneTimePasswordNotice({
  password,
  name,
  email,
  reason,
}: {
  password: string;
  name: string;
  email: string;
  reason: "invite" | "reset";
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [password]);
  return (
    <section
      aria-labelledby="one-time-password-heading"
      className="grid gap-3 rounded-card border-2 border-primary bg-primary-soft p-5"
    >
      <h2
        id="one-time-password-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-primary-dark focus:outline-none"
      >
        <KeyRound aria-hidden className="size-5" />
        One-time password for {name}
      </h2>
      <p className="font-mono text-2xl font-semibold tracking-wide break-all" data-one-time-password>
        {password}
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        <li>
          {reason === "invite" ? "Give it" : "Give the new one"} to {name} privately: in person or by phone. Do not send
          it by e-mail or chat.
        </li>
        <li>
          They sign in at <strong>/auth</strong> with <strong>{email}</strong> and this password, then choose their own
          before anything else.
        </li>
        <li>This is the only time it is shown. If it is lost, reset their password to get a new one.</li>
      </ul>
    </section>
  );
}
