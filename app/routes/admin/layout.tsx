import { isRouteErrorResponse, Outlet } from "react-router";
import { staffContext } from "~/context";
import { can, STAFF_PAGES } from "~/features/auth/access";
import { StaffAreaError } from "~/features/auth/components/staff-area-error";
import { staffAreaMiddleware } from "~/features/auth/staff-guard.server";
import { toStaffUser } from "~/features/auth/staff-user";
import { StaffFrame } from "~/features/staff-area/components/staff-frame";
import type { Route } from "./+types/layout";

/** Every /admin route sits under this layout: its middleware checks the session before any loader or action runs. */
export const middleware: Route.MiddlewareFunction[] = [staffAreaMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(staffContext);
  return {
    user: toStaffUser(user),
    nav: STAFF_PAGES.filter((page) => page.inNav !== false && can(user.roles, page.permission)).map(
      ({ path, label }) => ({ path, label }),
    ),
  };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function StaffAreaLayout({ loaderData, matches }: Route.ComponentProps) {
  return (
    <StaffFrame user={loaderData.user} nav={loaderData.nav} clinicName={matches[0].loaderData.site.clinicName}>
      <Outlet />
    </StaffFrame>
  );
}

/** 403 and 404 from a staff page's own loader (the middleware's refusals reach the root's boundary, which shows the same). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffAreaError status={isRouteErrorResponse(error) ? error.status : 500} />;
}
