import { useNavigation } from "react-router";

/** Which of these intents' forms is being sent now (for the button that says "Sending..."), or null. */
export function useSendingIntent(...intents: string[]): string | null {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return typeof intent === "string" && intents.includes(intent) ? intent : null;
}

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
