import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** The area-wide setting: every staff account must use two-factor sign-in. */
export function TwoFactorSettingForm({
  required,
  withTwoFactor,
  total,
  youHaveIt,
}: {
  required: boolean;
  withTwoFactor: number;
  total: number;
  /** Whether the admin looking has two-factor on (without it, requiring it sends them to set it up). */
  youHaveIt: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "require-two-factor";
  return (
    // Keyed by the stored value, so the box shows it again after a save.
    <Form key={String(required)} method="post" aria-labelledby="settings-heading" className="grid max-w-xl gap-4">
      <input type="hidden" name="intent" value="require-two-factor" />
      <div className="flex items-start gap-3">
        <input
          id="require-two-factor"
          type="checkbox"
          name="required"
          defaultChecked={required}
          aria-describedby="require-two-factor-description"
          className="mt-1 size-5 accent-primary"
        />
        <div className="grid gap-1">
          <label htmlFor="require-two-factor" className="font-medium">
            Require two-factor sign-in for every staff account
          </label>
          <p id="require-two-factor-description" className="text-sm text-muted">
            Anyone without it is asked to set it up the next time they open a staff page, before anything else.{" "}
            {withTwoFactor} of {total} {total === 1 ? "account has" : "accounts have"} it on now.
            {youHaveIt || required
              ? null
              : " You do not have it yet: saving with the box ticked takes you to Your account to set it up."}
          </p>
        </div>
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={busy} className="justify-self-start">
        {busy ? "Saving..." : "Save setting"}
      </Button>
    </Form>
  );
}
