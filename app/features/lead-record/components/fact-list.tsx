import type { Fact } from "../lead-record-types";

/** Facts as a description list: the term above its value on a phone, beside it on a wider screen. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(9rem,max-content)_1fr]">
      {facts.map((fact) => (
        <div key={fact.term} className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid">
          <dt className="text-sm font-semibold text-muted">{fact.term}</dt>
          <dd className="break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section of the page with its heading (its landmark's name). */
export function Section({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className ?? "grid content-start gap-4"}>
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-2xl font-bold text-primary-dark">
          {title}
        </h2>
        {description ? <p className="max-w-prose text-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
