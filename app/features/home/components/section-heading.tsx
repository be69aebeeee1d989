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
      <h2 id={id} className="text-2xl font-bold text-primary-dark md:text-3xl">
        {heading}
      </h2>
      {/* On a phone the heading alone: the page stays scannable; the intro shows from tablets up. */}
      {intro ? <p className="mt-3 hidden text-lg text-muted md:block">{intro}</p> : null}
    </div>
  );
}
