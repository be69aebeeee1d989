import type { ReactNode } from "react";

/** One part of a staff report: an h2 (which a contents list may link to), a sentence on what it shows, its figures. */
export function ReportSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="grid min-w-0 scroll-mt-24 gap-4">
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-primary-dark">
          {title}
        </h2>
        {intro ? <div className="max-w-prose text-muted">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}

export const cardGrid = "grid gap-3 sm:grid-cols-2 lg:grid-cols-3";
