import type { PageGroup } from "~/features/consent/page-groups";
import type { PlannedStep } from "~/features/consent/third-party-plan";
import type { FormAnswer } from "~/lib/form-answer";
import type { SetupField, SetupValues } from "./setup-fields";

export const SAVE_SETUP_INTENT = "save-ads-setup";

export type SetupAnswer = FormAnswer<SetupField> & { intent: string };

/** One step of the live check, as the page lists it. */
export interface ShownStep {
  what: string;
  /** The address the browser asks (or, for a command to Google's tag, where the tag sends it). */
  url: string | null;
  params: [string, string][];
}

export interface LiveCheck {
  path: string;
  group: PageGroup;
  groupLabel: string;
  allowed: boolean;
  /** The plan itself (what third-party.ts runs), for the tests that compare it with a real browser. */
  plan: { afterConsent: PlannedStep[]; onRequest: PlannedStep[]; onPhone: PlannedStep[] };
  afterConsent: ShownStep[];
  onRequest: ShownStep[];
  onPhone: ShownStep[];
}

export interface SetupPageData {
  saved: SetupValues;
  changed: { text: string; by: string | null } | null;
  /** The origins the public pages' CSP adds for these settings. */
  csp: { directive: string; origins: string[] }[];
  /** The page groups' switches in the form's order, with their words. */
  groups: { group: PageGroup; label: string; pages: string; locked: boolean }[];
  /** The site's public pages, for the live check's list. */
  pages: string[];
  check: LiveCheck | { path: string; problem: string } | null;
}
