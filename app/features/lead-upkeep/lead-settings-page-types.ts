import type { LeadSettings, LeadSettingsField } from "~/features/leads/lead-settings";
import type { FormAnswer } from "~/lib/form-answer";

/** The page's one form is posted with this intent (the staff pages' idiom, room for more forms). */
export const SAVE_SETTINGS_INTENT = "save-settings";

/** What the settings form's action answers. */
export type LeadSettingsAnswer = FormAnswer<LeadSettingsField> & { intent: string };

/** Where a daily job's latest run stands, as the page words it. */
export type JobRunState = "never" | "running" | "stalled" | "failed" | "done";

export interface JobRunView {
  job: string;
  title: string;
  state: JobRunState;
  /** ISO time the run started, and the same in the clinic's words. */
  startedAt: string | null;
  startedText: string | null;
  /** What it did (counts) or why it failed. */
  outcome: string | null;
}

/** The loader's data for /admin/lead-insights/settings. */
export interface LeadSettingsPageData {
  settings: LeadSettings;
  retention: {
    /** Finished leads the next retention run will delete, by the saved setting. */
    due: number;
    /** The next run: tonight just after midnight (today's has run), or at the next check (it has not yet). */
    next: "tonight" | "next-check";
  };
  /** The settings the digest still needs before it can be sent (none: it can be). */
  digestMissing: string[];
  runs: JobRunView[];
}
