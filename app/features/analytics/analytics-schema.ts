import { z } from "zod";
import { leadFormTypes } from "~/db/schema/lead-values";

/**
 * Bodies of POST /api/analytics/page-view and POST /api/analytics/event
 * (spec §3, §7), shared by the browser (which builds them) and the server
 * (which refuses anything else with a 400 naming the field). Every string is
 * bounded: these endpoints take anonymous traffic at volume.
 */

export const ANALYTICS_LIMITS = {
  path: 300,
  userAgent: 512,
  // A referrer arrives as a full URL; only its host is kept (see traffic-source.ts).
  referrer: 2048,
  utm: 200,
  clickId: 512,
  eventLabel: 100,
  // The longest a web vital may honestly measure (ms); CLS is far below it.
  vitalValue: 600_000,
} as const;

export const WEB_VITAL_LABELS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export const PHONE_CLICK_LABELS = ["header", "footer", "page", "sticky"] as const;

/** The event types the site sends; others are accepted when they are slugs (new buttons need no deploy here). */
export const KNOWN_EVENT_TYPES = [
  "web_vital",
  "phone_click",
  "virtual_visit_click",
  "get_directions",
  "lead_submitted",
  "newsletter_signup",
] as const;

// Control characters have no place in these values, and a NUL would make
// PostgreSQL refuse the whole batch the beacon is written with.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = (label: string) =>
  [(v: string) => !CONTROL.test(v), `${label} must not contain control characters.`] as const;

/** Empty text means "nothing" (document.referrer is "" on a direct visit). */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControl(label))
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * A site path such as "/" or "/anxiety-therapy". Never a query string or
 * fragment: those can carry e-mail addresses or tokens. (Same rule as the
 * leads' sitePathSchema, whose messages speak of the form's "Source".)
 */
export const analyticsPathSchema = z
  .string({ error: "Path must be text." })
  .max(ANALYTICS_LIMITS.path, `Path must be at most ${ANALYTICS_LIMITS.path} characters.`)
  .regex(/^\/[^\s?#]*$/, "Path must be a site path such as /services, without ? or #.")
  .refine(...noControl("Path"));

export const pageViewSchema = z.strictObject({
  path: analyticsPathSchema,
  // Accepted because the spec's record has it; the User-Agent header is what
  // identifies and describes the browser (see decision 0010).
  userAgent: optionalText(ANALYTICS_LIMITS.userAgent, "User agent"),
  referrer: optionalText(ANALYTICS_LIMITS.referrer, "Referrer"),
  utmSource: optionalText(ANALYTICS_LIMITS.utm, "utm_source"),
  utmMedium: optionalText(ANALYTICS_LIMITS.utm, "utm_medium"),
  utmCampaign: optionalText(ANALYTICS_LIMITS.utm, "utm_campaign"),
  utmTerm: optionalText(ANALYTICS_LIMITS.utm, "utm_term"),
  utmContent: optionalText(ANALYTICS_LIMITS.utm, "utm_content"),
  // Ad click ids, sent on the landing page view only. Only which kind was
  // present is stored (clickIdType), never the id itself.
  gclid: optionalText(ANALYTICS_LIMITS.clickId, "gclid"),
  gbraid: optionalText(ANALYTICS_LIMITS.clickId, "gbraid"),
  wbraid: optionalText(ANALYTICS_LIMITS.clickId, "wbraid"),
  fbclid: optionalText(ANALYTICS_LIMITS.clickId, "fbclid"),
});

const slug = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .regex(/^[a-z0-9_]{1,40}$/, `${label} must be 1 to 40 lower-case letters, digits or underscores.`);

export const eventSchema = z
  .strictObject({
    eventType: slug("eventType"),
    eventCategory: slug("eventCategory").default("general"),
    eventLabel: optionalText(ANALYTICS_LIMITS.eventLabel, "eventLabel"),
    value: z
      .number({ error: "value must be a number." })
      .nullish()
      .transform((v) => v ?? null),
    path: analyticsPathSchema,
  })
  .superRefine((event, ctx) => {
    // The known types carry known labels, so the dashboard can group them.
    const oneOf = (allowed: readonly string[]) => {
      if (!event.eventLabel || !allowed.includes(event.eventLabel)) {
        ctx.addIssue({
          code: "custom",
          path: ["eventLabel"],
          message: `eventLabel must be one of ${allowed.join(", ")} for ${event.eventType}.`,
        });
      }
    };
    if (event.eventType === "web_vital") {
      if (event.eventCategory !== "performance") {
        ctx.addIssue({
          code: "custom",
          path: ["eventCategory"],
          message: "eventCategory must be performance for web_vital.",
        });
      }
      oneOf(WEB_VITAL_LABELS);
      if (event.value === null || event.value < 0 || event.value > ANALYTICS_LIMITS.vitalValue) {
        ctx.addIssue({
          code: "custom",
          path: ["value"],
          message: `value must be a number from 0 to ${ANALYTICS_LIMITS.vitalValue} for web_vital.`,
        });
      }
    } else if (event.eventType === "phone_click") {
      oneOf(PHONE_CLICK_LABELS);
    } else if (event.eventType === "lead_submitted") {
      oneOf(leadFormTypes);
    }
  });

export type PageViewInput = z.input<typeof pageViewSchema>;
export type PageViewData = z.output<typeof pageViewSchema>;
export type EventInput = z.input<typeof eventSchema>;
export type EventData = z.output<typeof eventSchema>;

/** Event types that show the visitor engaged (a visit with one of them is no bounce). Web vitals are sent by the browser on its own. */
export function isEngagementEvent(eventType: string): boolean {
  return eventType !== "web_vital";
}
