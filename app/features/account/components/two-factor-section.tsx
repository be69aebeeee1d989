import { ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input } from "~/components/ui/field";
import { AnswerMessage } from "~/components/form/answer-message";
import { useSendingIntent } from "~/components/form/use-form-sending";
import { useFormFeedback } from "~/components/form/use-form-feedback";
import { answerFor } from "~/lib/form-answer";
import type { AccountAnswer } from "../account-answer";
import type { AccountView } from "../account-view";
import { PasswordField } from "./password-field";
import { RecoveryCodes } from "./recovery-codes";

type TwoFactor = AccountView["twoFactor"];

/**
 * Two-step sign-in with an authenticator app: set up (scan, then confirm a
 * code), and once on, new recovery codes, a new phone, or off (each with
 * the password; off is not offered when the clinic requires it).
 */
export function TwoFactorSection({
  twoFactor,
  answer: last,
}: {
  twoFactor: TwoFactor;
  answer: AccountAnswer | undefined;
}) {
  const id = useId();
  const codes = answerFor(last, "confirm-two-factor", "renew-recovery-codes")?.recoveryCodes;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-primary-dark">
        Two-step sign-in
      </h2>
      {codes ? (
        <>
          <AnswerMessage answer={last} />
          <RecoveryCodes codes={codes} />
        </>
      ) : null}
      {twoFactor.state === "on" ? (
        <TwoFactorOn twoFactor={twoFactor} answer={last} />
      ) : twoFactor.state === "pending" && twoFactor.setup ? (
        <TwoFactorSetup setup={twoFactor.setup} answer={last} />
      ) : (
        <TwoFactorOff answer={last} />
      )}
    </section>
  );
}

function TwoFactorOff({ answer: last }: { answer: AccountAnswer | undefined }) {
  const answer = answerFor(last, "cancel-two-factor", "turn-off-two-factor", "start-two-factor");
  const form = useFormFeedback(answer);
  const sending = useSendingIntent("start-two-factor") !== null;
  return (
    <Form method="post" ref={form} key={answer?.answerId} className="grid max-w-prose gap-4">
      <AnswerMessage answer={answer} />
      <p>
        Two-step sign-in protects your account even if someone learns your password: after your password, you type a
        code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or
        1Password).
      </p>
      <input type="hidden" name="intent" value="start-two-factor" />
      <Button type="submit" variant="secondary" disabled={sending} className="justify-self-start">
        <Smartphone aria-hidden className="size-5" />
        {sending ? "Starting..." : "Set up two-step sign-in"}
      </Button>
    </Form>
  );
}

function TwoFactorSetup({
  setup,
  answer: last,
}: {
  setup: NonNullable<TwoFactor["setup"]>;
  answer: AccountAnswer | undefined;
}) {
  const id = useId();
  const answer = answerFor(last, "confirm-two-factor", "start-two-factor", "restart-two-factor");
  const area = useFormFeedback<AccountAnswer, HTMLDivElement>(answer);
  const sending = useSendingIntent("confirm-two-factor", "cancel-two-factor");
  const codeError = answer?.fields.code;
  return (
    <div ref={area} className="grid gap-5">
      <AnswerMessage answer={answer?.fields.code ? undefined : answer} />
      <ol className="grid max-w-prose list-decimal gap-5 pl-6 marker:font-bold marker:text-primary-dark">
        <li className="pl-1">
          <div className="grid gap-3">
            <p>Open your authenticator app and add an account by scanning this code.</p>
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-52 rounded-xl border border-line bg-white p-2 [&_svg]:size-full"
              // An SVG made on the server by uqr from our own otpauth:// address: no outside text in it.
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <p>Cannot scan it? Type this setup key into the app instead:</p>
            <p className="font-mono text-lg tracking-wide break-all text-ink">{setup.setupKey}</p>
          </div>
        </li>
        <li className="pl-1">
          <Form method="post" key={answer?.answerId} className="grid gap-4">
            <Field
              id={`${id}-code`}
              label="Code from the app"
              description="Type the 6-digit code the app now shows for this account."
              error={codeError}
            >
              <Input
                id={`${id}-code`}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                spellCheck={false}
                maxLength={32}
                className="max-w-48 font-mono text-lg tracking-widest"
                {...describedBy(`${id}-code`, { description: true, error: codeError })}
              />
            </Field>
            <div className="flex flex-wrap gap-3">
              {/* First in the form, so Enter in the code field means this button (and its intent). */}
              <Button
                type="submit"
                name="intent"
                value="confirm-two-factor"
                variant="secondary"
                disabled={sending !== null}
              >
                <ShieldCheck aria-hidden className="size-5" />
                {sending === "confirm-two-factor" ? "Checking..." : "Turn on two-step sign-in"}
              </Button>
              <Button type="submit" name="intent" value="cancel-two-factor" variant="ghost" disabled={sending !== null}>
                Cancel setup
              </Button>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}

function TwoFactorOn({ twoFactor, answer: last }: { twoFactor: TwoFactor; answer: AccountAnswer | undefined }) {
  const id = useId();
  const answer = answerFor(last, "renew-recovery-codes", "restart-two-factor", "turn-off-two-factor");
  const form = useFormFeedback(answer);
  const sending = useSendingIntent("renew-recovery-codes", "restart-two-factor", "turn-off-two-factor");
  const left = twoFactor.recoveryCodesLeft;
  return (
    <div className="grid gap-4">
      <p className="flex items-start gap-2 font-medium">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        Two-step sign-in is on. Signing in asks for a code from your authenticator app.
      </p>
      <p className={left <= 2 ? "font-medium text-danger" : "text-muted"}>
        {left === 1 ? "You have 1 recovery code left." : `You have ${left} recovery codes left.`}
        {left <= 2 ? " Get new ones below so you are not locked out if you lose your phone." : ""}
      </p>
      <Form
        method="post"
        ref={form}
        key={answer?.answerId}
        aria-labelledby={`${id}-title`}
        className="grid max-w-md gap-4"
      >
        <h3 id={`${id}-title`} className="text-lg font-semibold text-primary-dark">
          Change two-step sign-in
        </h3>
        {/* The codes box above already says what happened after new codes. */}
        {answer?.recoveryCodes ? null : <AnswerMessage answer={answer?.fields.currentPassword ? undefined : answer} />}
        <PasswordField
          id={`${id}-password`}
          name="currentPassword"
          label="Your password"
          autoComplete="current-password"
          description="For your safety, confirm it is you before changing how you sign in."
          error={answer?.fields.currentPassword}
        />
        {/* The form's default button, disabled: Enter in the password field chooses nothing, a button must. */}
        <button type="submit" disabled hidden aria-hidden />
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            name="intent"
            value="renew-recovery-codes"
            variant="outline"
            disabled={sending !== null}
          >
            {sending === "renew-recovery-codes" ? "Making new codes..." : "Get new recovery codes"}
          </Button>
          <Button type="submit" name="intent" value="restart-two-factor" variant="outline" disabled={sending !== null}>
            <Smartphone aria-hidden className="size-5" />
            {sending === "restart-two-factor" ? "Starting again..." : "Set up on a new phone"}
          </Button>
          {twoFactor.required ? null : (
            <Button type="submit" name="intent" value="turn-off-two-factor" variant="ghost" disabled={sending !== null}>
              <ShieldOff aria-hidden className="size-5" />
              {sending === "turn-off-two-factor" ? "Turning off..." : "Turn off two-step sign-in"}
            </Button>
          )}
        </div>
        {twoFactor.required ? (
          <p className="text-sm text-muted">The clinic requires two-step sign-in, so it cannot be turned off.</p>
        ) : null}
      </Form>
    </div>
  );
}
