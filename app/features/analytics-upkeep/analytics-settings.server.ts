import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import {
  analyticsSettingsSchema,
  DEFAULT_ANALYTICS_SETTINGS,
  type AnalyticsSettings,
  type AnalyticsSettingsField,
} from "./analytics-settings";

/** The setting's app_meta row (also its name in the audit trail's setting_changed entries). */
export const ANALYTICS_SETTING_KEYS = {
  retentionMonths: "analytics_retention_months",
  timeZone: "analytics_time_zone",
} as const satisfies Record<keyof AnalyticsSettings, string>;

/** The analytics settings, from app_meta; a setting never saved (or unreadable) has its default. */
export async function readAnalyticsSettings(db: Db): Promise<AnalyticsSettings> {
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(inArray(appMeta.key, Object.values(ANALYTICS_SETTING_KEYS)));
  const settings = { ...DEFAULT_ANALYTICS_SETTINGS };
  const fields = analyticsSettingsSchema.shape;
  for (const row of rows) {
    if (row.key === ANALYTICS_SETTING_KEYS.retentionMonths) {
      const parsed = fields.retentionMonths.safeParse(row.value);
      if (parsed.success) settings.retentionMonths = parsed.data as number;
    } else if (row.key === ANALYTICS_SETTING_KEYS.timeZone) {
      const parsed = fields.timeZone.safeParse(row.value);
      if (parsed.success) settings.timeZone = parsed.data;
    }
  }
  return settings;
}

export type SaveAnalyticsSettingsResult =
  | { ok: true; settings: Partial<AnalyticsSettings> }
  | { ok: false; fieldErrors: Partial<Record<AnalyticsSettingsField, string[]>> };

/**
 * Checks `input` (a form's strings or JSON numbers) and saves the settings
 * it names (the others keep their values): nothing is saved unless every
 * field given is valid, and the answer names the problem per field. The caller audits the change (setting_changed), as for the lead
 * settings.
 */
export async function saveAnalyticsSettings(db: Db, input: unknown): Promise<SaveAnalyticsSettingsResult> {
  const parsed = analyticsSettingsSchema.partial().safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<AnalyticsSettingsField, string[]>> = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? "retentionMonths") as AnalyticsSettingsField;
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return { ok: false, fieldErrors };
  }
  const rows = (Object.keys(ANALYTICS_SETTING_KEYS) as (keyof AnalyticsSettings)[])
    .filter((field) => parsed.data[field] !== undefined)
    .map((field) => ({ key: ANALYTICS_SETTING_KEYS[field], value: String(parsed.data[field]) }));
  if (rows.length === 0) return { ok: true, settings: parsed.data };
  await db
    .insert(appMeta)
    .values(rows)
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  return { ok: true, settings: parsed.data };
}
