import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { clientContext, databaseContext, servicesContext } from "~/context";
import { SubscribeForm } from "~/features/newsletter/components/subscribe-form";
import { newsletterSchema } from "~/features/newsletter/newsletter-schema";
import { subscribeVisitor } from "~/features/newsletter/newsletter.server";
import { pageMeta } from "~/features/seo/page-meta";
import { accepted, refused, schemaProblems, writeFailed } from "~/lib/form-answer.server";
import { readFormValues } from "~/lib/form-values";
import { publicCacheHeaders } from "~/lib/page-cache-marker";
import type { Route } from "./+types/newsletter";

/**
 * /newsletter: the sign-up page, and where the footer box posts without
 * JavaScript. The same schema as POST /api/newsletter/subscribe; the answer
 * is a confirmation, or the form again with what was typed and the reason.
 */

// The empty form is the same for everyone; an action's answer is not.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : publicCacheHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  if (!values) return refused<"email">({ message: "This form submission could not be read. Please try again." });
  const typed = { email: values.email ?? "" };
  // An empty hidden field means "not said", as when the JSON API leaves it out.
  if (values.source === "") delete values.source;
  const parsed = newsletterSchema.safeParse(values);
  if (!parsed.success) {
    const { sentence, fields } = schemaProblems<"email">(parsed.error, (name) => (name === "email" ? name : undefined));
    return refused<"email">({ message: fields.email ? undefined : sentence, fields, values: typed });
  }
  try {
    await subscribeVisitor(
      context.get(databaseContext).db,
      context.get(servicesContext),
      context.get(clientContext).ip,
      parsed.data,
    );
  } catch (error) {
    return writeFailed<"email">(error, context, { values: typed });
  }
  return accepted<"email">({ values: { email: parsed.data.email } });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return pageMeta(
    {
      title: `Weekly Mental Health Newsletter | ${root.site.clinicName}`,
      description:
        "Gentle, practical ideas for looking after your mental health, once a week from our clinicians. Free, and you can unsubscribe in one click.",
      canonicalPath: "/newsletter",
    },
    root,
    location.pathname,
  );
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="newsletter-title" className="container-page grid max-w-2xl gap-6 py-14">
      <div className="grid gap-3">
        <h1 id="newsletter-title" className="text-4xl font-bold text-primary-dark">
          Our weekly newsletter
        </h1>
        <p className="text-lg text-muted">
          Once a week, a short e-mail from our clinicians: gentle, practical ideas for looking after your mental health,
          and the occasional bit of news from the clinic. It's free, and you can leave whenever you like.
        </p>
      </div>
      <div className="rounded-card border border-line bg-surface p-6 shadow-card">
        {actionData?.ok ? (
          <div role="status" className="grid justify-items-start gap-3">
            <h2 className="flex items-center gap-2 text-xl font-bold text-primary-dark">
              <CircleCheck aria-hidden className="size-6 text-primary" />
              You're subscribed
            </h2>
            <p>
              Thank you. The newsletter will come to <strong className="break-all">{actionData.values?.email}</strong>{" "}
              once a week. Every issue has a link that unsubscribes you in one click.
            </p>
            <Link to="/" className={buttonVariants({ variant: "outline" })}>
              Back to the home page
            </Link>
          </div>
        ) : (
          <SubscribeForm key={actionData?.answerId ?? "new"} answer={actionData} />
        )}
      </div>
    </section>
  );
}
