import { Info } from "lucide-react";
import { data } from "react-router";
import { SignInForm } from "~/features/auth/components/sign-in-form";
import { EMAIL_MAX_LENGTH, SIGN_IN_UNAVAILABLE_MESSAGE } from "~/features/auth/sign-in-status";
import { pageMeta } from "~/features/seo/page-meta";
import { rootDataFrom } from "~/features/site/root-data";
import { telHref } from "~/features/site/site-content";
import { readFormValues } from "~/lib/form-values";
import type { Route } from "./+types/sign-in";

/**
 * /auth: the staff sign-in page. Sign-in itself is not built yet, so the
 * action answers 503 with a sentence saying so (and the e-mail typed, never
 * the password). Kept out of search results and out of every cache.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return {
    "X-Robots-Tag": "noindex",
    "Cache-Control": "no-store",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const email = (values?.email ?? "").trim().slice(0, EMAIL_MAX_LENGTH);
  const message = values ? SIGN_IN_UNAVAILABLE_MESSAGE : "This form submission could not be read. Please try again.";
  return data({ email, message }, { status: values ? 503 : 400, headers: values ? { "Retry-After": "3600" } : {} });
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

export default function SignInPage({ actionData, matches }: Route.ComponentProps) {
  const site = rootDataFrom(matches)?.site;
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
      <p className="flex gap-3 rounded-card border border-line bg-sand p-4">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          <strong className="font-semibold">Staff sign-in is not switched on yet.</strong> The form below does not sign
          anyone in until it is.
        </span>
      </p>
      <div className="rounded-card border border-line bg-surface p-6 shadow-card">
        <SignInForm state={actionData} />
      </div>
    </section>
  );
}
