import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="container-page grid justify-items-start gap-5 py-20">
      <p className="font-semibold text-primary">Error 404</p>
      <h1 id="not-found-title" className="text-4xl font-bold text-primary-dark">
        We couldn't find that page
      </h1>
      <p className="max-w-prose text-lg text-muted">
        The link may be old or mistyped. You can go back to the home page, or call us and we'll help you find what you
        need.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
