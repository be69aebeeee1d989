import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** 404, or 410 for a page taken down on purpose (an unpublished blog post). */
export function NotFoundPage({ gone = false }: { gone?: boolean }) {
  return (
    <section aria-labelledby="not-found-title" className="container-page grid justify-items-start gap-5 py-20">
      <p className="font-semibold text-primary">{gone ? "Error 410" : "Error 404"}</p>
      <h1 id="not-found-title" className="text-4xl font-bold text-primary-dark">
        {gone ? "This page is no longer available" : "We couldn't find that page"}
      </h1>
      <p className="max-w-prose text-lg text-muted">
        {gone
          ? "We took it down on purpose. You can go back to the home page, or call us and we'll help you find what you need."
          : "The link may be old or mistyped. You can go back to the home page, or call us and we'll help you find what you need."}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
