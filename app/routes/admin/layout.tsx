import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { staffContext } from "~/context";
import { can, STAFF_PAGES } from "~/features/auth/access";
import { staffAreaMiddleware } from "~/features/auth/staff-guard.server";
import { toStaffUser } from "~/features/auth/staff-user";
import { StaffFrame } from "~/features/staff-area/components/staff-frame";
import { rootDataFrom } from "~/features/site/root-data";
import type { Route } from "./+types/layout";

/** Every /admin route sits under this layout: its middleware checks the session before any loader or action runs. */
export const middleware: Route.MiddlewareFunction[] = [staffAreaMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(staffContext);
  return {
    user: toStaffUser(user),
    nav: STAFF_PAGES.filter((page) => can(user.role, page.permission)).map(({ path, label }) => ({ path, label })),
  };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function StaffAreaLayout({ loaderData, matches }: Route.ComponentProps) {
  return (
    <StaffFrame user={loaderData.user} nav={loaderData.nav} clinicName={rootDataFrom(matches)?.site.clinicName ?? ""}>
      <Outlet />
    </StaffFrame>
  );
}

/** 403 and 404 inside the staff area, said plainly, with a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
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
