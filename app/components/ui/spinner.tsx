import { cn } from "~/lib/cn";

/** The loading spinner shown while a page's code loads (spec §2). */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2", className)}>
      <span aria-hidden className="size-8 animate-spin rounded-full border-4 border-primary-soft border-t-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
