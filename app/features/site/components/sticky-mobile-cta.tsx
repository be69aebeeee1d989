import { CalendarCheck, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { telHref } from "~/features/content/site-content";

/** Call and request buttons within thumb's reach on small screens. */
export function StickyMobileCta({ phone }: { phone: string }) {
  return (
    <div
      data-testid="sticky-mobile-cta"
      data-track-area="sticky"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-canvas/95 p-3 shadow-[0_-4px_16px_rgb(31_42_46/0.08)] backdrop-blur md:hidden"
    >
      <div className="grid grid-cols-2 gap-3">
        <a href={telHref(phone)} className={cn(buttonVariants({ variant: "secondary" }), "w-full")}>
          <Phone aria-hidden className="size-5" />
          Call now
        </a>
        <Link to="/request-appointment" className={cn(buttonVariants(), "w-full")}>
          <CalendarCheck aria-hidden className="size-5" />
          Request visit
        </Link>
      </div>
    </div>
  );
}
