import { eq, sql } from "drizzle-orm";
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
} as const satisfies Record<keyof AnalyticsSettings, string>;

/** The analytics settings, from app_meta, or the defaults when none was ever saved (or a row is unreadable). */
export async function readAnalyticsSettings(db: Db): Promise<AnalyticsSettings> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, ANALYTICS_SETTING_KEYS.retentionMonths));
  const parsed = row ? analyticsSettingsSchema.safeParse({ retentionMonths: row.value }) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_ANALYTICS_SETTINGS;
}

export type SaveAnalyticsSettingsResult =
  | { ok: true; settings: AnalyticsSettings }
  | { ok: false; fieldErrors: Partial<Record<AnalyticsSettingsField, string[]>> };

/**
 * Checks `input` (a form's strings or JSON numbers) and saves it: nothing is
 * saved unless every field is valid, and the answer names the problem per
 * field. The caller audits the change (setting_changed), as for the lead
 * settings.
 */
export async function saveAnalyticsSettings(db: Db, input: unknown): Promise<SaveAnalyticsSettingsResult> {
  const parsed = analyticsSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<AnalyticsSettingsField, string[]>> = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? "retentionMonths") as AnalyticsSettingsField;
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return { ok: false, fieldErrors };
  }
  await db
    .insert(appMeta)
    .values({ key: ANALYTICS_SETTING_KEYS.retentionMonths, value: String(parsed.data.retentionMonths) })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  return { ok: true, settings: parsed.data };
}
