import { Video } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { ExternalLink } from "~/components/ui/external-link";
import { telHref } from "~/features/content/site-content";

/** The way into a scheduled telehealth visit, from site settings; counted as a 'virtual_visit_click'. */
export function VirtualVisitLink({ url, phone }: { url: string | null; phone: string }) {
  return (
    <div className="grid gap-3 rounded-card border border-line bg-primary-soft p-5">
      <p className="font-semibold">Have a telehealth appointment with us?</p>
      {url ? (
        <div>
          <ExternalLink href={url} className={buttonVariants({ size: "lg" })} data-track="virtual_visit_click">
            <Video aria-hidden className="size-5" />
            Join your virtual visit
          </ExternalLink>
        </div>
      ) : (
        <p>
          Your clinician sends you the link to your visit. Can't find it? Call us at{" "}
          <a href={telHref(phone)} className="font-semibold underline underline-offset-4">
            {phone}
          </a>
          .
        </p>
      )}
      <p className="text-sm text-muted">Please join a few minutes early, from a private place in Florida.</p>
    </div>
  );
}
