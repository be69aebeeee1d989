import { Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AnswerMessage } from "~/components/form/answer-message";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { Button } from "~/components/ui/button";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { describedBy, Field, Input } from "~/components/ui/field";
import { AdsFrame } from "~/features/ad-performance/components/ads-frame";
import { cn } from "~/lib/cn";
import { answerFor } from "~/lib/form-answer";
import { CONSENT_SIGNALS, GUARDRAIL_REASONS } from "../guardrails";
import { groupField, type SetupField } from "../setup-fields";
import { SAVE_SETUP_INTENT, type SetupAnswer, type SetupPageData } from "../setup-types";
import { LiveCheckSection } from "./live-check-section";

const ID_FIELDS: { field: SetupField; label: string; hint: string; placeholder: string; description: string }[] = [
  {
    field: "adsConversionId",
    label: "Google Ads conversion ID",
    hint: "(AW-…)",
    placeholder: "AW-123456789",
    description: "In Google Ads: Goals, Conversions, the action's tag set-up. The part before the slash.",
  },
  {
    field: "requestLabel",
    label: "Conversion label: request submitted",
    hint: "(optional)",
    placeholder: "AbC-D_efG",
    description: "The part after the slash for the action that counts sent appointment requests.",
  },
  {
    field: "phoneLabel",
    label: "Conversion label: phone click",
    hint: "(optional)",
    placeholder: "HiJ-K_lmN",
    description: "The part after the slash for the action that counts taps on the clinic's number.",
  },
  {
    field: "analyticsId",
    label: "Google Analytics 4 measurement ID",
    hint: "(G-…)",
    placeholder: "G-ABC123XYZ",
    description: "In Google Analytics: Admin, Data streams, the web stream.",
  },
  {
    field: "pixelId",
    label: "Meta pixel ID",
    hint: "(digits)",
    placeholder: "1234567890",
    description:
      "In Meta Events Manager: the data set's ID. Only a Lead image request is ever sent, never Meta's script.",
  },
];

/** /admin/google-ads-setup: the third-party tags of the public site, what they may do and where. Administrators only. */
export function SetupPage({ data, answer }: { data: SetupPageData; answer?: SetupAnswer }) {
  const settled = useNavigation().state === "idle";
  const shown = settled ? answerFor(answer, SAVE_SETUP_INTENT) : undefined;
  const busy = useSendingIntent(SAVE_SETUP_INTENT) !== null;
  const form = useFormFeedback(shown);
  const errors = shown?.ok === false ? shown.fields : {};
  const typed = shown?.ok === false ? (shown.values ?? {}) : {};
  const saved = data.saved;
  return (
    <AdsFrame
      title="Google Ads set-up"
      description={
        <>
          Which Google and Meta tags the public site may use, where, and what they may learn. Built for a health
          provider: nothing before the visitor agrees, nothing on condition pages, conversions without details.
          {data.changed ? ` Last changed ${data.changed.text}${data.changed.by ? ` by ${data.changed.by}` : ""}.` : ""}
        </>
      }
    >
      <Form
        key={JSON.stringify(saved)}
        ref={form}
        method="post"
        aria-label="Ads and measurement set-up"
        className="grid max-w-3xl gap-10"
        noValidate
      >
        <AnswerMessage answer={shown} />
        <input type="hidden" name="intent" value={SAVE_SETUP_INTENT} />

        <section aria-labelledby="ids-heading" className="grid gap-5">
          <h2 id="ids-heading" className="text-2xl font-bold text-primary-dark">
            IDs
          </h2>
          <p>Leave a field empty to switch that service off. Each is checked against the format Google or Meta uses.</p>
          {ID_FIELDS.map(({ field, label, hint, placeholder, description }) => {
            const id = `setup-${field}`;
            const savedValue = (saved as unknown as Record<string, string | null>)[field] ?? "";
            return (
              <Field key={field} id={id} label={label} hint={hint} description={description} error={errors[field]}>
                <Input
                  id={id}
                  name={field}
                  defaultValue={typed[field] ?? savedValue}
                  placeholder={placeholder}
                  autoComplete="off"
                  spellCheck={false}
                  className="max-w-md font-mono"
                  {...describedBy(id, { description, error: errors[field] })}
                />
              </Field>
            );
          })}
        </section>

        <section aria-labelledby="consent-heading" className="grid gap-4">
          <h2 id="consent-heading" className="text-2xl font-bold text-primary-dark">
            Consent
          </h2>
          <p>{GUARDRAIL_REASONS.consent}</p>
          <p>
            The site&rsquo;s own banner is the gate (Accept and Reject side by side, reopened from the footer).
            Google&rsquo;s Consent Mode v2 gets these signals:
          </p>
          <ScrollRegion label="Consent Mode v2 signals">
            <table className={cn(tableClass, "min-w-[36rem]")}>
              <caption className={captionClass}>Consent Mode v2 signals</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCellClass}>
                    Signal
                  </th>
                  <th scope="col" className={headCellClass}>
                    What it governs
                  </th>
                  <th scope="col" className={headCellClass}>
                    Default
                  </th>
                  <th scope="col" className={headCellClass}>
                    After the visitor&rsquo;s yes
                  </th>
                </tr>
              </thead>
              <tbody>
                {CONSENT_SIGNALS.map((signal) => (
                  <tr key={signal.name}>
                    <th scope="row" className={cn(cellClass, "font-mono font-medium")}>
                      {signal.name}
                    </th>
                    <td className={cellClass}>{signal.meaning}</td>
                    <td className={cellClass}>denied</td>
                    <td className={cellClass}>{signal.afterYes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>

        <fieldset className="grid gap-4" aria-describedby={errors.pageGroups ? "page-groups-error" : undefined}>
          <legend className="mb-2 text-2xl font-bold text-primary-dark">Where tags may run</legend>
          <p>
            On a page whose group is off, no Google or Meta code runs at all: no script, no page view, no conversion. A
            page the list does not name counts as a condition page.
          </p>
          {errors.pageGroups ? (
            <p id="page-groups-error" className="text-sm font-medium text-danger">
              {errors.pageGroups}
            </p>
          ) : null}
          <ul className="grid gap-3">
            {data.groups.map(({ group, locked, ...words }) => {
              const id = `setup-group-${group}`;
              const chosen = typed.pageGroups !== undefined ? typed.pageGroups.split(",") : saved.pageGroups;
              const on = !locked && chosen.includes(group);
              return (
                <li key={group} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    name={groupField(group)}
                    value="on"
                    defaultChecked={on}
                    disabled={locked}
                    aria-describedby={`${id}-pages`}
                    className="mt-0.5 size-6 shrink-0 accent-primary"
                  />
                  <div className="grid gap-0.5">
                    <label htmlFor={id} className="font-medium">
                      {words.label}
                      {locked ? " — always off" : ""}
                    </label>
                    <p id={`${id}-pages`} className="text-sm text-muted">
                      {words.pages}
                      {locked ? `. ${GUARDRAIL_REASONS.conditions}` : ""}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <section aria-labelledby="guardrails-heading" className="grid gap-4">
          <h2 id="guardrails-heading" className="text-2xl font-bold text-primary-dark">
            Guardrails
          </h2>
          <p>{GUARDRAIL_REASONS.neutralConversions}</p>
          {(
            [
              ["enhancedConversions", "Enhanced conversions with user data", GUARDRAIL_REASONS.enhancedConversions],
              ["adPersonalization", "Ad personalisation and remarketing", GUARDRAIL_REASONS.adPersonalization],
            ] as const
          ).map(([field, label, reason]) => {
            const id = `setup-${field}`;
            return (
              <div key={field} className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  name={field}
                  value="on"
                  disabled
                  defaultChecked={false}
                  className="mt-0.5 size-6 shrink-0 accent-primary"
                  {...describedBy(id, { description: reason, error: errors[field] })}
                />
                <div className="grid gap-0.5">
                  <label htmlFor={id} className="font-medium">
                    {label} — always off
                  </label>
                  <p id={`${id}-description`} className="text-sm text-muted">
                    {reason}
                  </p>
                  {errors[field] ? (
                    <p id={`${id}-error`} className="text-sm font-medium text-danger">
                      Refused: this cannot be switched on.
                    </p>
                  ) : null}
                </div>
              </div>
            );
          })}
        </section>

        <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
          <Save aria-hidden className="size-5" />
          {busy ? "Saving..." : "Save set-up"}
        </Button>
      </Form>

      <section aria-labelledby="csp-heading" className="grid max-w-3xl gap-3">
        <h2 id="csp-heading" className="text-2xl font-bold text-primary-dark">
          Content-Security-Policy
        </h2>
        {data.csp.length === 0 ? (
          <p>The public pages allow no third-party origin: nothing is configured, or no page group is on.</p>
        ) : (
          <>
            <p>
              The public pages&rsquo; policy adds these origins (Google&rsquo;s documented lists for its tag), on every
              server from the next page load:
            </p>
            <ul className="grid gap-1 text-sm">
              {data.csp.map(({ directive, origins }) => (
                <li key={directive}>
                  <span className="font-mono font-medium">{directive}</span>{" "}
                  <span className="font-mono break-all">{origins.join(" ")}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <LiveCheckSection data={data} />
    </AdsFrame>
  );
}
