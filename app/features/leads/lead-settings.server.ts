import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { DEFAULT_LEAD_SETTINGS, type LeadSettings } from "./lead-settings";

/** Each setting's app_meta row (also its name in the audit trail's setting_changed entries). */
export const LEAD_SETTING_KEYS = {
  promiseHours: "leads_promise_hours",
  retentionMonths: "leads_retention_months",
  digestHour: "leads_digest_hour",
} as const satisfies Record<keyof LeadSettings, string>;

/** The lead settings, each from its app_meta row or its default when none was ever saved. */
export async function readLeadSettings(db: Db): Promise<LeadSettings> {
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(inArray(appMeta.key, Object.values(LEAD_SETTING_KEYS)));
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const whole = (key: string, fallback: number) => {
    const value = Number(saved.get(key));
    return saved.has(key) && Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const digest = saved.get(LEAD_SETTING_KEYS.digestHour);
  return {
    promiseHours: whole(LEAD_SETTING_KEYS.promiseHours, DEFAULT_LEAD_SETTINGS.promiseHours),
    retentionMonths: whole(LEAD_SETTING_KEYS.retentionMonths, DEFAULT_LEAD_SETTINGS.retentionMonths),
    digestHour: digest === undefined ? DEFAULT_LEAD_SETTINGS.digestHour : digest === "off" ? null : Number(digest) || 0,
  };
}

/** Saves the lead settings in one statement (the caller audits the change). */
export async function saveLeadSettings(db: Db, settings: LeadSettings): Promise<void> {
  const values = [
    { key: LEAD_SETTING_KEYS.promiseHours, value: String(settings.promiseHours) },
    { key: LEAD_SETTING_KEYS.retentionMonths, value: String(settings.retentionMonths) },
    { key: LEAD_SETTING_KEYS.digestHour, value: settings.digestHour === null ? "off" : String(settings.digestHour) },
  ];
  await db
    .insert(appMeta)
    .values(values)
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
}
