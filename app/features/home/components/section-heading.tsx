import { cn } from "~/lib/cn";

/** A home section's h2 and short introduction. */
export function SectionHeading({
  id,
  heading,
  intro,
  className,
}: {
  id: string;
  heading: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", className)}>
      <h2 id={id} className="text-3xl font-bold text-primary-dark">
        {heading}
      </h2>
      {intro ? <p className="mt-3 text-lg text-muted">{intro}</p> : null}
    </div>
  );
}
