import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

export interface ViewTab {
  /** Where the tab leads (its address may carry the page's parameters). */
  href: string;
  label: string;
  /** Also the current tab on the addresses below it (an import page under its report, say). */
  coversBelow?: boolean;
}

/**
 * The views of one staff section (analytics, search optimisation) as a row
 * of links; the one for the page open now is marked current. Links, not
 * buttons: each view has its own address, so back, bookmarks and a new tab
 * all work.
 */
export function ViewTabs({ label, views }: { label: string; views: readonly ViewTab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {views.map((view) => (
          <li key={view.href}>
            <NavLink
              to={view.href}
              end={!view.coversBelow}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold",
                  isActive
                    ? "border-primary bg-primary text-white"
                    : "border-line bg-surface text-primary-dark hover:border-primary",
                )
              }
            >
              {view.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
