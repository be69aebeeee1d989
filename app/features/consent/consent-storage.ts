/**
 * The visitor's choice about third-party measurement, kept in localStorage
 * with a version: when what we ask changes, the version goes up and everyone
 * is asked again.
 */
export const CONSENT_KEY = "clinic-consent";
export const CONSENT_VERSION = 1;

export type ConsentChoice = "accepted" | "rejected";

export function readConsent(): ConsentChoice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? "null") as { v?: number; choice?: string } | null;
    if (stored?.v === CONSENT_VERSION && (stored.choice === "accepted" || stored.choice === "rejected")) {
      return stored.choice;
    }
  } catch {
    // Storage blocked or garbled: ask again.
  }
  return null;
}

export function saveConsent(choice: ConsentChoice) {
  try {
    // The day only: when the choice was made matters, the second does not.
    localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ v: CONSENT_VERSION, choice, date: new Date().toISOString().slice(0, 10) }),
    );
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}
