import { CircleCheck, MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { databaseContext, servicesContext } from "~/context";
import { NEWSLETTER_PATH, UNSUBSCRIBE_PATH } from "~/features/newsletter/newsletter-constants";
import { verifyUnsubscribeToken } from "~/features/newsletter/unsubscribe-token.server";
import { findSubscription, unsubscribe, type SubscriptionView } from "~/features/newsletter/unsubscribe.server";
import { CrisisNotice } from "~/components/crisis-notice";
import { databaseAwayContext, withDatabaseDeadline } from "~/lib/database-availability.server";
import { readFormValues } from "~/lib/form-values";
import { NO_STORE, pageWriteFailure } from "~/lib/page-write-failure.server";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * /newsletter/unsubscribe?token=…: the link in every newsletter e-mail.
 *
 * GET shows whose subscription it is (masked) and an Unsubscribe button; it
 * never unsubscribes, because mail scanners open links before people do.
 * POST unsubscribes: from that button, or straight from a mail program
 * (RFC 8058 one-click: body "List-Unsubscribe=One-Click", sent from the mail
 * provider's servers, so the cross-site guard lets this path through; the
 * signed token is the authorisation). A token this server did not sign gets
 * a 400 page. Nothing here is cached or indexed.
 */

type View =
  | SubscriptionView
  | { state: "invalid" }
  | { state: "unavailable"; message: string }
  | { state: "done"; maskedEmail?: string };

const PAGE_HEADERS = { ...NO_STORE, "X-Robots-Tag": "noindex" };

function answer(view: View, token: string | null, status = 200, headers: Record<string, string> = {}) {
  return data({ view, token }, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const id = verifyUnsubscribeToken(context.get(servicesContext).secret, token);
  if (!id) return answer({ state: "invalid" }, null, 400);
  // After an action that found the database away, its answer is shown; do not wait again.
  if (context.get(databaseAwayContext)) return answer({ state: "unknown" }, token, 503);
  try {
    const view = await withDatabaseDeadline(() => findSubscription(context.get(databaseContext).db, id));
    return answer(view, token);
  } catch (error) {
    const failure = pageWriteFailure(error, context);
    return answer({ state: "unavailable", message: failure.message }, token, failure.status, failure.headers);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // The button's form carries the token as a field; a mail program posts to the link itself.
  const form = await readFormValues(request);
  const token = form?.token || new URL(request.url).searchParams.get("token");
  const id = verifyUnsubscribeToken(context.get(servicesContext).secret, token);
  if (!id) return answer({ state: "invalid" }, null, 400);
  try {
    const view = await withDatabaseDeadline(() => unsubscribe(context.get(databaseContext).db, id));
    return answer({ state: "done", maskedEmail: view.state === "unknown" ? undefined : view.maskedEmail }, token);
  } catch (error) {
    const failure = pageWriteFailure(error, context);
    return answer({ state: "unavailable", message: failure.message }, token, failure.status, failure.headers);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `Unsubscribe from the newsletter | ${matches[0].loaderData.site.clinicName}` },
    { name: "robots", content: "noindex" },
  ];
}

function Heading({ children, icon }: { children: React.ReactNode; icon?: React.ReactNode }) {
  return (
    <h1 id="unsubscribe-title" className="flex items-center gap-3 text-3xl font-bold text-primary-dark">
      {icon}
      {children}
    </h1>
  );
}

const signUpAgain = (
  <Link to={NEWSLETTER_PATH} className="font-semibold text-primary underline underline-offset-4">
    sign up again
  </Link>
);

function UnsubscribeButton({ token }: { token: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith(UNSUBSCRIBE_PATH);
  return (
    <Form
      method="post"
      action={`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`}
      className="flex flex-wrap items-center gap-3"
    >
      <input type="hidden" name="token" value={token} />
      <Button type="submit" size="lg" disabled={pending}>
        <MailX aria-hidden className="size-5" />
        {pending ? "Unsubscribing..." : "Unsubscribe"}
      </Button>
      <Link to="/" className={buttonVariants({ variant: "ghost" })}>
        Keep my subscription
      </Link>
    </Form>
  );
}

function Body({ view, token }: { view: View; token: string | null }) {
  switch (view.state) {
    case "invalid":
      return (
        <>
          <Heading>This unsubscribe link doesn't work</Heading>
          <p className="text-lg text-muted">
            Part of the link may have been lost when it was copied or wrapped onto two lines. Please open the link in
            the newsletter e-mail again, or use the Unsubscribe button your mail program shows. If that doesn't work
            either, call us and we'll take you off the list ourselves.
          </p>
        </>
      );
    case "unavailable":
      return (
        <>
          <Heading>We couldn't reach our records just now</Heading>
          <p role="alert" className="text-lg text-muted">
            {view.message}
          </p>
          {token ? <UnsubscribeButton token={token} /> : null}
        </>
      );
    case "subscribed":
      return (
        <>
          <Heading>Unsubscribe from our newsletter?</Heading>
          <p className="text-lg text-muted">
            Press the button to stop the weekly newsletter to <strong className="text-ink">{view.maskedEmail}</strong>.
            You can sign up again whenever you like.
          </p>
          {token ? <UnsubscribeButton token={token} /> : null}
        </>
      );
    case "done":
    case "unsubscribed":
      return (
        <>
          <Heading icon={<CircleCheck aria-hidden className="size-7 shrink-0 text-primary" />}>
            You're unsubscribed
          </Heading>
          <p role="status" className="text-lg text-muted">
            {view.maskedEmail ? (
              <>
                We won't send the newsletter to <strong className="text-ink">{view.maskedEmail}</strong> any more.
              </>
            ) : (
              <>We won't send you the newsletter any more.</>
            )}{" "}
            If you change your mind, you can {signUpAgain} at any time.
          </p>
        </>
      );
    case "unknown":
      return (
        <>
          <Heading>This address is not on our list</Heading>
          <p className="text-lg text-muted">
            There's nothing to unsubscribe: we don't send the newsletter to this address. If you'd like it, you can{" "}
            {signUpAgain}.
          </p>
        </>
      );
  }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, token } = actionData ?? loaderData;
  return (
    <section
      aria-labelledby="unsubscribe-title"
      className="container-page grid max-w-2xl justify-items-start gap-6 py-14"
    >
      <Body view={view} token={token} />
      <CrisisNotice className="rounded-card bg-sand p-4" />
    </section>
  );
}
