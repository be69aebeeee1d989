import { ArrowLeft, Mail, Phone, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";
import type { LeadRecord } from "../lead-record-types";

const linkClass = "font-semibold text-primary underline underline-offset-4";

/**
 * The top of the page, for the phone call: who, how to reach them (big
 * targets that start the call or the e-mail), when they asked and how long
 * they have waited against the clinic's promise.
 */
export function LeadHeader({ record }: { record: LeadRecord }) {
  const { pipeline } = record;
  return (
    <div className="grid gap-4">
      <Link
        to={LEADS_INBOX_PATH}
        className={cn(linkClass, "inline-flex min-h-6 items-center gap-1 justify-self-start")}
      >
        <ArrowLeft aria-hidden className="size-4" />
        All leads
      </Link>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold break-words text-primary-dark">{record.name}</h1>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          <span>{record.received.form}</span>
          <span aria-hidden>·</span>
          <span>
            received <time dateTime={record.received.iso}>{record.received.text}</time>
          </span>
          <span aria-hidden>·</span>
          <span className="rounded-full bg-primary-soft px-3 py-0.5 text-sm font-semibold text-primary-dark">
            <span className="sr-only">Status: </span>
            {pipeline.statusText}
          </span>
        </p>
        {pipeline.duplicateOf ? (
          <p>
            Marked as a duplicate of{" "}
            <Link to={pipeline.duplicateOf.href} className={linkClass}>
              {pipeline.duplicateOf.name}
            </Link>
            .
          </p>
        ) : null}
      </div>
      {record.isPhoneClick ? (
        <p className="max-w-prose rounded-xl border border-line bg-sand p-4">
          Someone tapped the clinic&rsquo;s phone number on{" "}
          <strong className="font-semibold">{record.received.page}</strong> at {record.received.text}. This is a tap on
          our own phone link, not a request: there is no name or number to call back, and we cannot tell whether the
          call went through.
        </p>
      ) : (
        <>
          <Wait record={record} />
          {record.contact ? (
            <div className="flex flex-wrap gap-3">
              <a href={record.contact.phoneHref} className={buttonVariants({ variant: "primary", size: "lg" })}>
                <Phone aria-hidden className="size-5" />
                <span>
                  <span className="sr-only">Call </span>
                  {record.contact.phone}
                </span>
              </a>
              <a
                href={record.contact.emailHref}
                className={cn(buttonVariants({ variant: "outline", size: "lg" }), "max-w-full break-all")}
              >
                <Mail aria-hidden className="size-5" />
                <span>
                  <span className="sr-only">E-mail </span>
                  {record.contact.email}
                </span>
              </a>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function Wait({ record }: { record: LeadRecord }) {
  const promise = `We promise a reply within ${record.promiseHours} hours.`;
  if (record.waited) {
    return record.waited.late ? (
      <p className="flex items-start gap-2 font-semibold text-danger">
        <TriangleAlert aria-hidden className="mt-0.5 size-5" />
        <span>
          {record.waited.text} without a first contact. {promise}
        </span>
      </p>
    ) : (
      <p>
        <strong className="font-semibold">{record.waited.text}</strong> for a first contact. {promise}
      </p>
    );
  }
  if (!record.firstContact) return null;
  return (
    <p>
      First contacted <time dateTime={record.firstContact.iso}>{record.firstContact.text}</time>,{" "}
      {record.firstContact.after} after the request arrived
      {record.firstContact.inTime
        ? ` (within the ${record.promiseHours}-hour promise).`
        : ` (past the ${record.promiseHours}-hour promise).`}
    </p>
  );
}
