import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { SetupPageData, ShownStep } from "../setup-types";

function Steps({ id, title, steps, none }: { id: string; title: string; steps: ShownStep[]; none: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-lg font-semibold text-primary-dark">
        {title}
      </h3>
      {steps.length === 0 ? (
        <p data-live-none>{none}</p>
      ) : (
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <li key={index} className="grid gap-1 rounded-xl border border-line bg-surface p-3 text-sm">
              <p className="font-medium">{step.what}</p>
              {step.url ? (
                <code className="break-all">{step.url}</code>
              ) : (
                <p className="text-muted">No request of its own.</p>
              )}
              {step.params.length > 0 ? (
                <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-3 gap-y-0.5">
                  {step.params.map(([name, value]) => (
                    <div key={name} className="contents">
                      <dt className="font-mono text-muted">{name}</dt>
                      <dd className="font-mono break-all">{value === "" ? "(empty)" : value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The live check: pick a public page, see exactly what would leave for Google and Meta from it. */
export function LiveCheckSection({ data }: { data: SetupPageData }) {
  const check = data.check;
  const problem = check && "problem" in check ? check.problem : undefined;
  return (
    <section aria-labelledby="live-check-heading" className="grid max-w-3xl gap-4">
      <h2 id="live-check-heading" className="text-2xl font-bold text-primary-dark">
        Live check
      </h2>
      <p>
        Choose a page of the site: this lists what a visitor&rsquo;s browser would send to Google and Meta there, from
        the set-up saved now, worked out by the same code the public pages run.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Live check">
        <div className="grid gap-1.5">
          <label htmlFor="live-check-page" className="text-sm font-medium">
            Page
          </label>
          <select
            id="live-check-page"
            name="check"
            defaultValue={check?.path ?? "/"}
            className={cn(inputClass, "max-w-md")}
            {...(problem ? { "aria-invalid": true, "aria-describedby": "live-check-error" } : {})}
          >
            {data.pages.map((path) => (
              <option key={path} value={path}>
                {path}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Check this page
        </Button>
      </Form>
      {problem ? (
        <p id="live-check-error" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      {check && !("problem" in check) ? (
        <div className="grid gap-5" data-live-check={check.path} data-live-plan={JSON.stringify(check.plan)}>
          <p>
            <span className="font-mono">{check.path}</span> is in the group &ldquo;{check.groupLabel}&rdquo;, where tags{" "}
            {check.allowed ? "may run" : "never run"}. As for a visitor who typed the address
            {check.afterConsent.length === 0 && check.allowed
              ? "; no ID is saved yet, so nothing is sent anywhere"
              : ""}
            .
          </p>
          <Steps
            id="live-before"
            title="Before the visitor answers the banner, or after a no"
            steps={[]}
            none="None. No Google or Meta code is loaded and no request leaves the browser."
          />
          <Steps
            id="live-after"
            title="After a yes, when the page loads"
            steps={check.afterConsent}
            none="None: tags do not run on this page."
          />
          <Steps
            id="live-request"
            title="If an appointment request is sent from this page"
            steps={check.onRequest}
            none="None."
          />
          <Steps
            id="live-phone"
            title="If the clinic's number is tapped on this page"
            steps={check.onPhone}
            none="None."
          />
        </div>
      ) : null}
    </section>
  );
}
