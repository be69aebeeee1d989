import { useEffect, useId, useRef } from "react";

/** New recovery codes, shown this once (they are kept only as hashes). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // They appear after a form is sent: take the reader to them.
  useEffect(() => heading.current?.focus(), [codes]);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-card border-2 border-accent bg-sand p-5">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold text-primary-dark">
        Your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes lets you sign in once instead of a code from the app.{" "}
        <strong className="font-semibold">Keep them somewhere safe now</strong>, such as a password manager or a
        printout in a locked drawer: this is the only time we show them.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-lg sm:grid-cols-[repeat(2,max-content)]">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
