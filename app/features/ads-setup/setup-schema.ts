import { z } from "zod";
import { ID_PATTERNS } from "~/features/consent/id-patterns";
import { LOCKED_GROUP, PAGE_GROUPS } from "~/features/consent/page-groups";
import { GUARDRAIL_REASONS } from "./guardrails";
import { groupField, SETUP_FIELDS, type SetupField, type SetupValues } from "./setup-fields";

export { groupField, SETUP_FIELDS, type SetupField, type SetupValues };

/**
 * The set-up form's one check, server-side: each ID by its format with a
 * sentence saying what it should look like, the page groups, and the
 * guardrails that are refused whatever is posted.
 */

const optionalId = (pattern: RegExp, message: string, upper = false) =>
  z
    .string()
    .max(200, message)
    .transform((value) => (upper ? value.trim().toUpperCase() : value.trim()))
    .refine((value) => value === "" || pattern.test(value), message)
    .transform((value) => value || null);

const refusedSwitch = (reason: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || value === "off", reason);

const schema = z
  .object({
    adsConversionId: optionalId(
      ID_PATTERNS.adsId,
      "Enter the Google Ads conversion ID as Google shows it: AW- followed by its digits, such as AW-123456789.",
      true,
    ),
    requestLabel: optionalId(
      ID_PATTERNS.label,
      "Enter the conversion label of the request action as Google shows it: 4 to 40 letters, digits, - or _ (the part after the slash in AW-123456789/AbC-D_efG).",
    ),
    phoneLabel: optionalId(
      ID_PATTERNS.label,
      "Enter the conversion label of the phone-click action as Google shows it: 4 to 40 letters, digits, - or _.",
    ),
    analyticsId: optionalId(
      ID_PATTERNS.analyticsId,
      "Enter the GA4 measurement ID as Google shows it: G- followed by 4 to 20 letters or digits, such as G-ABC123XYZ.",
      true,
    ),
    pixelId: optionalId(ID_PATTERNS.pixelId, "Enter the Meta pixel ID: 5 to 20 digits, nothing else."),
    groups: z.array(z.enum(PAGE_GROUPS)),
    enhancedConversions: refusedSwitch(GUARDRAIL_REASONS.enhancedConversions),
    adPersonalization: refusedSwitch(GUARDRAIL_REASONS.adPersonalization),
  })
  .superRefine((values, ctx) => {
    if (values.groups.includes(LOCKED_GROUP))
      ctx.addIssue({ code: "custom", path: ["pageGroups"], message: GUARDRAIL_REASONS.conditions });
    if (!values.adsConversionId && (values.requestLabel || values.phoneLabel))
      ctx.addIssue({
        code: "custom",
        path: ["adsConversionId"],
        message: "Conversion labels belong to a Google Ads conversion ID: enter the AW- ID too, or clear the labels.",
      });
    if (values.adsConversionId && !values.requestLabel && !values.phoneLabel)
      ctx.addIssue({
        code: "custom",
        path: ["requestLabel"],
        message: "A Google Ads conversion ID sends nothing without a label: enter the label of at least one action.",
      });
  });

/** The posted form, checked: the values to save, or the message of each field. */
export function parseSetupForm(
  posted: Record<string, string>,
): { ok: true; values: SetupValues } | { ok: false; fields: Partial<Record<SetupField, string>> } {
  const groups = PAGE_GROUPS.filter((group) => {
    const value = posted[groupField(group)];
    return value !== undefined && value !== "" && value !== "off";
  });
  const parsed = schema.safeParse({
    adsConversionId: posted.adsConversionId ?? "",
    requestLabel: posted.requestLabel ?? "",
    phoneLabel: posted.phoneLabel ?? "",
    analyticsId: posted.analyticsId ?? "",
    pixelId: posted.pixelId ?? "",
    groups,
    enhancedConversions: posted.enhancedConversions,
    adPersonalization: posted.adPersonalization,
  });
  if (!parsed.success) {
    const fields: Partial<Record<SetupField, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      const field = (name === "groups" ? "pageGroups" : name) as SetupField;
      if (SETUP_FIELDS.includes(field)) fields[field] ??= issue.message;
    }
    return { ok: false, fields };
  }
  const { groups: pageGroups, enhancedConversions: _e, adPersonalization: _p, ...ids } = parsed.data;
  return { ok: true, values: { ...ids, pageGroups } };
}
