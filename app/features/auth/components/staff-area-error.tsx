import { Link } from "react-router";

/**
 * 403 and 404 inside the staff area, said plainly, with a way back. Shown by
 * the staff layout's boundary (a page's loader said so) and by the root's
 * (the staff-area middleware refused before any loader ran: React Router
 * gives such errors to the root's boundary).
 */
export function StaffAreaError({ status }: { status: number }) {
  const heading =
    status === 403 ? "You do not have access to this page" : status === 404 ? "Page not found" : "Something went wrong";
  const sentence =
    status === 403
      ? "Your account does not have access to this page. Ask an administrator if you need it."
      : status === 404
        ? "There is no staff page at this address."
        : "Please try again in a moment.";
  return (
    <main id="main" tabIndex={-1} className="container-page grid gap-4 py-16 focus:outline-none">
      <h1 className="text-3xl font-bold text-primary-dark">{heading}</h1>
      <p className="max-w-prose text-lg text-muted">{sentence}</p>
      <p>
        <Link to="/admin" className="font-semibold text-primary underline underline-offset-4">
          Back to the staff area
        </Link>
      </p>
    </main>
  );
}

export function staffAreaErrorTitle(status: number): string {
  return status === 403 ? "No access" : status === 404 ? "Page not found" : "Something went wrong";
}
