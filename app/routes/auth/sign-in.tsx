import { useEffect } from "react";
import { redirect } from "react-router";
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
  SIGN_IN_PATH,
  SIGN_IN_UNAVAILABLE_MESSAGE,
  SIGN_OUT_UNAVAILABLE_MESSAGE,
} from "~/features/auth/sign-in-status";
import type { SignInAnswer } from "~/features/auth/components/sign-in-form";
import { currentStaff, safeReturnPath } from "~/features/auth/staff-guard.server";
import { rememberStaffUser } from "~/features/auth/staff-user-query";
import { pageMeta } from "~/features/seo/page-meta";
import { telHref } from "~/features/content/site-content";
import { isDatabaseUnavailable } from "~/lib/database-availability.server";
import { refused } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { EMAIL_MAX } from "~/lib/text-limits";
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

type SignInField = "email" | "password" | "code";

/** The sign-in form's answer: what was refused, the address typed (never the password), whether a code is asked for. */
function signInAnswer(
  email: string,
  message: string,
  status: number,
  more: { tone?: "info"; codeNeeded?: boolean } = {},
  headers: Record<string, string> = {},
) {
  const answer: Omit<SignInAnswer, "ok" | "answerId" | "fields"> = { message, values: { email }, ...more };
  return refused<SignInField, Pick<SignInAnswer, "codeNeeded">>(answer, status, headers);
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  if (!values) return signInAnswer("", "This form submission could not be read. Please try again.", 400);
  try {
    return await signInOrOut(request, context, values);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Without JavaScript the person sees this page again, with the address they typed.
    const signingOut = values.intent === "sign-out";
    return signInAnswer(
      signingOut ? "" : (values.email ?? "").trim().slice(0, EMAIL_MAX),
      signingOut ? SIGN_OUT_UNAVAILABLE_MESSAGE : SIGN_IN_UNAVAILABLE_MESSAGE,
      503,
      {},
      { "Retry-After": "5" },
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

  const email = (values.email ?? "").trim().slice(0, EMAIL_MAX);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) {
    return signInAnswer(email, parsed.error.issues[0]?.message ?? "Enter your e-mail address and password.", 400);
  }
  const outcome = await signIn(db, services.secret, parsed.data, { ...client, currentToken });
  switch (outcome.kind) {
    case "signed_in":
      throw redirect(safeReturnPath(new URL(request.url).searchParams.get("redirectTo")), {
        status: 303,
        headers: { "Set-Cookie": await sessionCookieHeader(outcome.token, secure) },
      });
    case "code_needed":
      return signInAnswer(email, CODE_NEEDED_MESSAGE, 401, { tone: "info", codeNeeded: true });
    case "refused":
      return signInAnswer(email, outcome.message, 401, { codeNeeded: parsed.data.code !== undefined });
    case "locked":
      return signInAnswer(email, outcome.message, 429, {}, { "Retry-After": String(outcome.retryAfterSeconds) });
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
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
    root,
    location.pathname,
  );
}

const linkClass = "font-semibold text-primary underline underline-offset-4";

export default function SignInPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const site = matches[0].loaderData.site;
  // Only signed-out people see this page (the loader sends the others on): forget
  // any user the browser still holds (spec §4: a sign-out clears it).
  useEffect(() => rememberStaffUser(null), []);
  return (
    <section className="container-page grid max-w-xl gap-6 py-14">
      <div className="grid gap-3">
        <h1 className="text-4xl font-bold text-primary-dark">Staff sign-in</h1>
        <p className="text-lg text-muted">
          This page is for the clinic's staff. Patients can find their records, messages and appointments in the{" "}
          {site.patientPortalUrl ? (
            <a href={site.patientPortalUrl} className={linkClass}>
              Patient Portal
            </a>
          ) : (
            "Patient Portal"
          )}
          , or call us at{" "}
          <a href={telHref(site.footerPhone)} className={linkClass}>
            {site.footerPhone}
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
        <SignInForm answer={actionData} redirectTo={loaderData.redirectTo} />
      </div>
    </section>
  );
}
