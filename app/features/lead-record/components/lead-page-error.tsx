import { Link } from "react-router";
import { LEADS_INBOX_PATH } from "~/lib/lead-paths";

const words: Record<number, { heading: string; sentence: string }> = {
  404: {
    heading: "No lead at this address",
    sentence: "There is no lead at this address. It may have been deleted, or the link is incomplete.",
  },
  503: {
    heading: "The lead cannot be shown for a moment",
    sentence: "The staff area cannot reach its database right now. Please try again in a moment.",
  },
};
const fallback = { heading: "Something went wrong", sentence: "Please try again in a moment." };

/** A lead's page that cannot be shown, inside the staff frame (the frame holds the page's main landmark). */
export function LeadPageError({ status }: { status: number }) {
  const { heading, sentence } = words[status] ?? fallback;
  return (
    <div className="grid gap-4 py-8">
      <h1 className="text-3xl font-bold text-primary-dark">{heading}</h1>
      <p className="max-w-prose text-lg text-muted">{sentence}</p>
      <p>
        <Link to={LEADS_INBOX_PATH} className="font-semibold text-primary underline underline-offset-4">
          Back to all leads
        </Link>
      </p>
    </div>
  );
}
