import { SkipLink } from "~/components/ui/skip-link";
import { CalendarCheck, ExternalLink as ExternalIcon, Menu, Phone, Video, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { headerLinks } from "../nav-links";
import { telHref, type SiteContent } from "~/features/content/site-content";
import { ExternalLink } from "~/components/ui/external-link";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-full px-3 font-medium hover:bg-primary-soft hover:text-primary-dark",
    isActive && "text-primary-dark underline decoration-2 underline-offset-8",
  );

function closeMenu(menu: HTMLDetailsElement, focusButton = false) {
  menu.open = false;
  if (focusButton) menu.querySelector("summary")?.focus();
}

export function SiteHeader({ site }: { site: SiteContent }) {
  const portal = site.patientPortalUrl;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85">
      <SkipLink />
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex min-h-11 items-center gap-2 font-semibold text-primary-dark">
          <img src="/logo.svg" alt="" width={36} height={36} className="size-9" />
          <span className="text-lg leading-tight">{site.clinicName}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {headerLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <a
            href={telHref(site.footerPhone)}
            className="inline-flex min-h-11 items-center gap-2 px-2 font-semibold text-primary-dark"
          >
            <Phone aria-hidden className="size-4" />
            {site.footerPhone}
          </a>
          {portal ? (
            <ExternalLink href={portal} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Patient Portal
              <ExternalIcon aria-hidden className="size-4" />
            </ExternalLink>
          ) : null}
          <Link to="/request-appointment" className={buttonVariants({ size: "md" })}>
            Request Appointment
          </Link>
        </div>

        {/* A native disclosure: it opens without JavaScript, and the browser announces it expanded or collapsed.
            With JavaScript, a link tapped in it closes it, and so does Escape, returning focus to its button. */}
        <details
          className="site-menu group lg:hidden"
          onClick={(event) => (event.target as Element).closest("nav a") && closeMenu(event.currentTarget)}
          onKeyDown={(event) => event.key === "Escape" && closeMenu(event.currentTarget, true)}
        >
          <summary
            aria-label="Menu"
            className="inline-flex size-11 items-center justify-center rounded-full text-primary-dark hover:bg-primary-soft"
          >
            <Menu aria-hidden className="size-6 group-open:hidden" />
            <X aria-hidden className="hidden size-6 group-open:block" />
          </summary>
          <div className="border-y border-line bg-canvas">
            <nav aria-label="Mobile" className="container-page grid gap-1 py-4">
              <a
                href={telHref(site.footerPhone)}
                className="inline-flex min-h-11 items-center gap-2 px-3 font-semibold text-primary-dark"
              >
                <Phone aria-hidden className="size-4" />
                Call {site.footerPhone}
              </a>
              {headerLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              ))}
              <NavLink to="/virtual-visit" className={navLinkClass} data-track="virtual_visit_click">
                <Video aria-hidden className="mr-2 size-4" />
                Virtual Visit
              </NavLink>
              {portal ? (
                <ExternalLink
                  href={portal}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-medium hover:bg-primary-soft"
                >
                  Patient Portal
                  <ExternalIcon aria-hidden className="size-4" />
                </ExternalLink>
              ) : null}
              <Link to="/request-appointment" className={cn(buttonVariants({ size: "lg" }), "mt-2")}>
                <CalendarCheck aria-hidden className="size-5" />
                Request Appointment
              </Link>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
