import { Link } from "react-router";
import { STAFF_AREA_PATH } from "~/lib/staff-area";

/**
 * 403, 404 and 503 inside the staff area, said plainly, with a way back. Shown by
 * the staff layout's boundary (a page's loader said so) and by the root's
 * (the staff-area middleware refused before any loader ran: React Router
 * gives such errors to the root's boundary).
 */
const words: Record<number, { title: string; heading: string; sentence: string }> = {
  403: {
    title: "No access",
    heading: "You do not have access to this page",
    sentence: "Your account does not have access to this page. Ask an administrator if you need it.",
  },
  404: { title: "Page not found", heading: "Page not found", sentence: "There is no staff page at this address." },
  503: {
    title: "Staff area unavailable",
    heading: "The staff area is unavailable for a moment",
    sentence: "The staff area cannot reach its database right now. Please try again in a moment.",
  },
};
const fallback = {
  title: "Something went wrong",
  heading: "Something went wrong",
  sentence: "Please try again in a moment.",
};

export function StaffAreaError({ status }: { status: number }) {
  const { heading, sentence } = words[status] ?? fallback;
  return (
    <main id="main" tabIndex={-1} className="container-page grid gap-4 py-16 focus:outline-none">
      <h1 className="text-3xl font-bold text-primary-dark">{heading}</h1>
      <p className="max-w-prose text-lg text-muted">{sentence}</p>
      <p>
        <Link to={STAFF_AREA_PATH} className="font-semibold text-primary underline underline-offset-4">
          Back to the staff area
        </Link>
      </p>
    </main>
  );
}

export function staffAreaErrorTitle(status: number): string {
  return (words[status] ?? fallback).title;
}
