import { useEffect } from "react";
import { data, redirect } from "react-router";
import { databaseContext, servicesContext, clientContext } from "~/context";
import { SignInForm } from "~/features/auth/components/sign-in-form";
import {
  clearedSessionCookieHeader,
  cookieIsSecure,
  readSessionToken,
  sessionCookieHeader,
} from "~/features/auth/session-cookie.server";
import { CODE_NEEDED_MESSAGE, signIn, signOut } from "~/features/auth/sign-in.server";
import { signInSchema } from "~/features/auth/sign-in-schema";
import {
  EMAIL_MAX_LENGTH,
  SIGN_IN_PATH,
  SIGN_IN_UNAVAILABLE_MESSAGE,
  SIGN_OUT_UNAVAILABLE_MESSAGE,
} from "~/features/auth/sign-in-status";
import { currentStaff, safeReturnPath } from "~/features/auth/staff-guard.server";
import { rememberStaffUser } from "~/features/auth/staff-user-query";
import { pageMeta } from "~/features/seo/page-meta";
import { rootDataFrom } from "~/features/site/root-data";
import { telHref } from "~/features/content/site-content";
import { isDatabaseUnavailable } from "~/lib/database-availability.server";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/sign-in";

/**
 * /auth: the staff sign-in page. With JavaScript the form calls /api/login;
 * without, it posts here and gets the same checks. Also the no-JavaScript
 * way to sign out (intent "sign-out"). Kept out of search results and out
 * of every cache.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return {
    "X-Robots-Tag": "noindex",
    "Cache-Control": "no-store",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"));
  // Already signed in: straight on to the page asked for.
  const active = await currentStaff(context.get(databaseContext).db, request.headers.get("cookie"));
  if (active) throw redirect(redirectTo);
  return { redirectTo, signedOut: url.searchParams.has("signed-out") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  if (!values) {
    return data(
      { email: "", message: "This form submission could not be read. Please try again.", tone: "error" as const },
      { status: 400 },
    );
  }
  try {
    return await signInOrOut(request, context, values);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Without JavaScript the person sees this page again, with the address they typed.
    const signingOut = values.intent === "sign-out";
    return data(
      {
        email: signingOut ? "" : (values.email ?? "").trim().slice(0, EMAIL_MAX_LENGTH),
        message: signingOut ? SIGN_OUT_UNAVAILABLE_MESSAGE : SIGN_IN_UNAVAILABLE_MESSAGE,
        tone: "error" as const,
      },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
}

async function signInOrOut(request: Request, context: Route.ActionArgs["context"], values: Record<string, string>) {
  const { db } = context.get(databaseContext);
  const services = context.get(servicesContext);
  const client = context.get(clientContext);
  const secure = cookieIsSecure(request.url, services.secureCookies);

  const currentToken = await readSessionToken(request.headers.get("cookie"));
  if (values.intent === "sign-out") {
    await signOut(db, request.headers.get("cookie"), client.ip);
    throw redirect(`${SIGN_IN_PATH}?signed-out`, {
      status: 303,
      headers: { "Set-Cookie": await clearedSessionCookieHeader(secure) },
    });
  }

  const email = (values.email ?? "").trim().slice(0, EMAIL_MAX_LENGTH);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter your e-mail address and password.";
    return data({ email, message, tone: "error" as const }, { status: 400 });
  }
  const outcome = await signIn(db, services.secret, parsed.data, { ...client, currentToken });
  switch (outcome.kind) {
    case "signed_in":
      throw redirect(safeReturnPath(new URL(request.url).searchParams.get("redirectTo")), {
        status: 303,
        headers: { "Set-Cookie": await sessionCookieHeader(outcome.token, secure) },
      });
    case "code_needed":
      return data({ email, message: CODE_NEEDED_MESSAGE, tone: "info" as const, codeNeeded: true }, { status: 401 });
    case "refused":
      return data(
        { email, message: outcome.message, tone: "error" as const, codeNeeded: parsed.data.code !== undefined },
        { status: 401 },
      );
    case "locked":
      return data(
        { email, message: outcome.message, tone: "error" as const },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!root) return [];
  const title = `Staff Sign In | ${root.site.clinicName}`;
  const description =
    "The sign-in page for the clinic's staff. Patients looking for their records, messages or appointments can use the Patient Portal or call the clinic.";
  return pageMeta(
    {
      title,
      description,
      noindex: true,
      pageDesignType: "sign-in",
      jsonLd: { "@context": "https://schema.org", "@type": "WebPage", name: title, description },
    },
    { publicUrl: root.publicUrl, siteName: root.site.clinicName, pathname: location.pathname },
  );
}

const linkClass = "font-semibold text-primary underline underline-offset-4";

export default function SignInPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const site = rootDataFrom(matches)?.site;
  // Only signed-out people see this page (the loader sends the others on): forget
  // any user the browser still holds (spec §4: a sign-out clears it).
  useEffect(() => rememberStaffUser(null), []);
  return (
    <section className="container-page grid max-w-xl gap-6 py-14">
      <div className="grid gap-3">
        <h1 className="text-4xl font-bold text-primary-dark">Staff sign-in</h1>
        <p className="text-lg text-muted">
          This page is for the clinic's staff. Patients can find their records, messages and appointments in the{" "}
          {site?.patientPortalUrl ? (
            <a href={site.patientPortalUrl} className={linkClass}>
              Patient Portal
            </a>
          ) : (
            "Patient Portal"
          )}
          , or call us at{" "}
          <a href={telHref(site?.footerPhone ?? "")} className={linkClass}>
            {site?.footerPhone}
          </a>
          .
        </p>
      </div>
      {loaderData.signedOut && !actionData ? (
        <p role="status" className="rounded-card border border-line bg-sand p-4">
          You have signed out. Close this window if you are on a shared computer.
        </p>
      ) : null}
      <div className="rounded-card border border-line bg-surface p-6 shadow-card">
        <SignInForm state={actionData} redirectTo={loaderData.redirectTo} />
      </div>
    </section>
  );
}
