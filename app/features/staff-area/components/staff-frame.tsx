import { SkipLink } from "~/components/ui/skip-link";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NavLink, useNavigate, useNavigation } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import { SignOutButton } from "~/features/auth/components/sign-out-button";
import { SIGN_IN_PATH } from "~/features/auth/sign-in-status";
import type { StaffUser } from "~/features/auth/staff-user";
import { STAFF_USER_KEY, staffQueryClient } from "~/features/auth/staff-user-query";
import { getQueryFn } from "~/lib/query-client";
import { cn } from "~/lib/cn";
import { isStaffAreaPath, STAFF_AREA_PATH } from "~/lib/staff-area";
import { rolesInWords } from "~/features/auth/staff-roles";

export interface StaffNavItem {
  path: string;
  label: string;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap",
    isActive ? "bg-primary text-white" : "text-primary-dark hover:bg-primary-soft",
  );

/**
 * The staff area's frame: its own header (no public navigation, no sticky
 * call button, no measurement), the pages this person may open, who is
 * signed in and a sign-out button. The server has already checked the
 * session; on the client the user lives in the query cache (spec §4), and
 * when it is cleared (signed out in this tab) the frame goes to /auth.
 */
interface StaffFrameProps {
  user: StaffUser;
  nav: StaffNavItem[];
  clinicName: string;
  children: React.ReactNode;
}

export function StaffFrame(props: StaffFrameProps) {
  const [client] = useState(staffQueryClient);
  return (
    <QueryClientProvider client={client}>
      <FrameBody {...props} />
    </QueryClientProvider>
  );
}

function FrameBody({ user: fromServer, nav, clinicName, children }: StaffFrameProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { data: user } = useQuery<StaffUser | null>({
    queryKey: STAFF_USER_KEY,
    queryFn: getQueryFn<StaffUser>({ on401: "returnNull" }),
    initialData: fromServer,
  });
  // Every staff page's loader returns the user it checked: that is the freshest word.
  const client = staffQueryClient();
  useEffect(() => {
    client.setQueryData(STAFF_USER_KEY, fromServer);
  }, [client, fromServer]);
  useEffect(() => {
    if (user === null) void navigate(SIGN_IN_PATH, { replace: true });
  }, [user, navigate]);

  // The protected-route wrapper's spinner (spec §2): while the next page checks who is asking.
  // Not while a form's answer reloads the same page's data: that would unmount
  // the page (and its answer, a one-time password say) in the middle.
  const checking =
    navigation.state === "loading" && !navigation.formMethod && isStaffAreaPath(navigation.location.pathname);
  const shown = user ?? fromServer;
  return (
    <>
      <header className="border-b border-line bg-surface">
        <SkipLink />
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="font-semibold text-primary-dark">
            <span className="text-lg">Staff area</span>
            <span className="text-muted"> · {clinicName}</span>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm">
              Signed in as <strong className="font-semibold">{shown.name}</strong>{" "}
              <span className="text-muted">({rolesInWords(shown.roles)})</span>
            </p>
            <SignOutButton />
          </div>
        </div>
        {/* The links wrap onto more rows on a phone: none is cut off at the edge ("Your account" was). */}
        <nav aria-label="Staff area" className="container-page pb-3">
          <ul className="flex flex-wrap gap-1">
            {nav.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  // A page whose address another entry continues (lead insights, then its leads) is current on its own address only.
                  end={item.path === STAFF_AREA_PATH || nav.some((other) => other.path.startsWith(`${item.path}/`))}
                  className={navLinkClass}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="container-page py-8 focus:outline-none" aria-busy={checking}>
        {checking ? (
          <div className="grid justify-items-center py-16">
            <Spinner label="Checking your sign-in" />
          </div>
        ) : (
          children
        )}
      </main>
    </>
  );
}
