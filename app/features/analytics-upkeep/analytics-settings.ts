import { z } from "zod";
import { CLINIC_TIME_ZONE } from "~/lib/clinic-time-zone";
import { isTimeZone } from "~/lib/time-zones";

/**
 * The analytics settings administrators change: how long the raw analytics
 * rows (visits, page views, events, bot counts) and the daily rollups of
 * their days are kept, and the time zone whose midnights divide the days.
 * No server code: a settings form checks with the same schema.
 */
export interface AnalyticsSettings {
  /** Months raw analytics are kept; older rows and the rollups of their days are deleted daily. */
  retentionMonths: number;
  /** IANA time zone of the dashboard's days (and hours); the clinic's by default. */
  timeZone: string;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = { retentionMonths: 25, timeZone: CLINIC_TIME_ZONE };

export const ANALYTICS_SETTING_LIMITS = { retentionMonths: { min: 1, max: 120 } } as const;

const { min, max } = ANALYTICS_SETTING_LIMITS.retentionMonths;
const MONTHS_MESSAGE = `How long analytics are kept must be a whole number of months between ${min} and ${max}.`;
const ZONE_MESSAGE = "Choose a time zone from the list, such as America/New_York.";

/** The settings as a form posts them (strings) or as JSON (numbers), checked field by field. */
export const analyticsSettingsSchema = z.object({
  retentionMonths: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z.number({ error: MONTHS_MESSAGE }).int(MONTHS_MESSAGE).min(min, MONTHS_MESSAGE).max(max, MONTHS_MESSAGE),
  ),
  timeZone: z.string({ error: ZONE_MESSAGE }).trim().refine(isTimeZone, ZONE_MESSAGE),
});

export type AnalyticsSettingsField = keyof z.input<typeof analyticsSettingsSchema>;
