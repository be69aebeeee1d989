import { useNavigation } from "react-router";

/**
 * Whether a page form is being sent now: one with one of these intents, or
 * (with none given) any form posted to `action`. For the button's
 * "Sending..." state of forms that post to their page's action.
 */
export function useFormSending({ intents, action }: { intents?: readonly string[]; action?: string }): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (action !== undefined && !navigation.formAction?.startsWith(action)) return false;
  if (!intents) return true;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" && intents.includes(intent);
}
