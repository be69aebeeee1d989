import { z } from "zod";
import { DEFAULT_PROMISE_HOURS } from "./lead-words";

/**
 * The settings of the lead work that administrators change (decision 0026):
 * the reply promise the overdue mark counts against, how long finished
 * leads are kept, and when the morning digest of overdue requests goes out.
 * No server code: the settings form checks with the same schema.
 */
export interface LeadSettings {
  /** Hours within which a request should get its first contact. */
  promiseHours: number;
  /** Months a finished lead (became a patient, or closed) is kept after it finished. */
  retentionMonths: number;
  /** The clinic-time hour of the daily overdue digest, or null for none. */
  digestHour: number | null;
}

export const DEFAULT_LEAD_SETTINGS: LeadSettings = {
  promiseHours: DEFAULT_PROMISE_HOURS,
  retentionMonths: 24,
  digestHour: 8,
};

export const LEAD_SETTING_LIMITS = {
  promiseHours: { min: 1, max: 168 },
  retentionMonths: { min: 1, max: 120 },
} as const;

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

/** The settings form as posted (strings), checked field by field. */
export const leadSettingsSchema = z.object({
  promiseHours: wholeNumber("The reply promise", LEAD_SETTING_LIMITS.promiseHours),
  retentionMonths: wholeNumber("How long finished leads are kept", LEAD_SETTING_LIMITS.retentionMonths),
  digestHour: z
    .string({ error: "Choose a time for the digest, or none." })
    .regex(/^(off|[0-9]|1[0-9]|2[0-3])$/, "Choose a time for the digest, or none.")
    .transform((value) => (value === "off" ? null : Number(value))),
});

export type LeadSettingsField = keyof z.input<typeof leadSettingsSchema>;

/** "8:00 AM": an hour of the clinic's day. */
export function hourWords(hour: number): string {
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${suffix}`;
}
