import type { AnalyticsSettings, AnalyticsSettingsField } from "~/features/analytics-upkeep/analytics-settings";
import type { FormAnswer } from "~/lib/form-answer";

export const SAVE_ANALYTICS_SETTINGS_INTENT = "save-analytics-settings";

export type AnalyticsSettingsAnswer = FormAnswer<AnalyticsSettingsField> & { intent: string };

/** The loader's data for /admin/analytics/settings. */
export interface AnalyticsSettingsPageData {
  settings: AnalyticsSettings;
  /** Clinic days summarised for the dashboard, and closed days still waiting to be. */
  rollups: { days: number; pending: number };
  /** The latest nightly deletion of old analytics, in the clinic's words; null when it never ran. */
  lastRetention: { startedText: string; outcome: string | null; finished: boolean } | null;
  /** The names the time-zone setting may take (UTC and the IANA zones), for its list. */
  timeZones: readonly string[];
}
