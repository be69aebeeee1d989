import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  type RouterContextProvider,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import fontUrl from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import { DeferredToaster } from "~/components/ui/deferred-toaster";
import { configContext, databaseContext } from "~/context";
import { StaffAreaError, staffAreaErrorTitle } from "~/features/auth/components/staff-area-error";
import { Measurement } from "~/features/analytics/client/measurement";
import { consentAtStart } from "~/features/consent/consent-controller";
import { ConsentSlot } from "~/features/consent/consent-slot";
import { phoneLinkClicked } from "~/features/leads/phone-link";
import { getSiteRow } from "~/features/content/queries.server";
import { pageSettingsForRequest } from "~/features/seo/page-settings.server";
import { measurementConfig, needsConsent } from "~/features/consent/measurement-config";
import { readMeasurementRow } from "~/features/consent/measurement-settings.server";
import { NotFoundPage } from "~/features/site/components/not-found-page";
import { isStaffAreaPath } from "~/lib/staff-area";
import { PageLoading } from "~/features/site/components/page-loading";
import { SiteFooter } from "~/features/site/components/site-footer";
import { SiteHeader } from "~/features/site/components/site-header";
import { StickyMobileCta } from "~/features/site/components/sticky-mobile-cta";
import { showsStickyCta, showsVisitBlock } from "~/features/site/nav-links";
import type { RootData } from "~/features/site/root-data";
import { withFallbacks } from "~/features/content/site-content";
import { rememberClinicPhone } from "~/lib/clinic-phone.server";
import { databaseAwayContext, isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
import { BelowFoldWithoutScript } from "~/document/below-fold-without-script";
import { useMarkHydrated } from "~/document/hydration";
import { InlineStyles } from "~/document/inline-styles";
import { cn } from "~/lib/cn";
import { DocumentScripts } from "~/document/document-scripts";
import appCssUrl from "./app.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // In production the CSS is inlined by the server (entry.server.tsx).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: appCssUrl }] : []),
];

/**
 * The site's settings and this page's search settings (pageMeta applies them). A client navigation's
 * data request (/x.data; `url` is /x) runs this loader again: React Router's single fetch revalidates
 * every matched loader on a navigation unless a route opts out, so the settings follow the path with
 * no code in the browser (tests/e2e/seo-page-settings.test.ts follows a link to prove it).
 */
export async function loader({ request, url, context }: Route.LoaderArgs): Promise<RootData> {
  const [site, pageSettings] = await Promise.all([
    siteSettingsOrFallbacks(context),
    pageSettingsForRequest(request, url, context),
  ]);
  return { ...site, pageSettings, publicUrl: context.get(configContext).publicUrl };
}

/**
 * With the database away, the frame renders with its built-in fallbacks (and
 * no third-party measurement), so a page can still answer (a form's 503 page
 * keeps what was typed) instead of the error page.
 */
async function siteSettingsOrFallbacks(context: Readonly<RouterContextProvider>) {
  const fallbacks = () => ({ site: withFallbacks(undefined), measurement: measurementConfig(undefined) });
  if (context.get(databaseAwayContext)) return fallbacks();
  try {
    const { db } = context.get(databaseContext);
    const [row, measurement] = await withDatabaseDeadline(() => Promise.all([getSiteRow(db), readMeasurementRow(db)]));
    const site = withFallbacks(row);
    // A write refused while the database is away names this number (app/lib/clinic-phone.server.ts).
    rememberClinicPhone(site.footerPhone);
    return { site, measurement: measurementConfig(measurement) };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.set(databaseAwayContext, true);
    return fallbacks();
  }
}

export function meta({ error, location }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The staff area's noindex is in the Layout already.
  if (isStaffAreaPath(location.pathname)) return [{ title: staffAreaErrorTitle(status) }];
  return [
    { title: status === 404 || status === 410 ? "Page not found" : "Something went wrong" },
    { name: "robots", content: "noindex" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const site = data?.site ?? withFallbacks(undefined);
  const { pathname } = useLocation();
  const stickyCta = showsStickyCta(pathname);
  const staffArea = isStaffAreaPath(pathname);
  useMarkHydrated();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f4b" />
        <Meta />
        {staffArea ? <meta name="robots" content="noindex" /> : null}
        <Links />
        <InlineStyles />
        <BelowFoldWithoutScript />
      </head>
      <body className={cn(stickyCta && "pb-20 md:pb-0")}>
        {staffArea ? (
          // The staff area draws its own frame (routes/admin/layout.tsx) and is never measured.
          children
        ) : (
          <>
            {/* Measurement waits for the visitor's third-party choice; a phone link's click is a lead. */}
            <Measurement beforeStart={consentAtStart} onTelLink={phoneLinkClicked} />
            <ConsentSlot config={data?.measurement} stickyCta={stickyCta} />
            <SiteHeader site={site} />
            <PageLoading />
            <main id="main" tabIndex={-1} className="focus:outline-none">
              {children}
            </main>
            <SiteFooter
              site={site}
              showVisitBlock={showsVisitBlock(pathname)}
              showAbout={pathname !== "/"}
              consentChoices={needsConsent(data?.measurement)}
            />
            {stickyCta ? <StickyMobileCta phone={site.footerPhone} /> : null}
          </>
        )}
        <DeferredToaster />
        <ScrollRestoration />
        <DocumentScripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  // The staff-area middleware's 403 and 404 land here, before any staff loader ran.
  if (isStaffAreaPath(pathname)) return <StaffAreaError status={isRouteErrorResponse(error) ? error.status : 500} />;
  // 410: a blog post taken down on purpose (decision 0035) reads as not found.
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) return <NotFoundPage />;
  return (
    <section className="container-page grid gap-4 py-20">
      <h1 className="text-3xl font-bold text-primary-dark">Something went wrong on our side</h1>
      <p className="max-w-prose text-lg text-muted">
        Please try again in a moment. If you need us now, call the clinic; if you are in crisis, call or text 988.
      </p>
    </section>
  );
}
