import type { PageGroup } from "~/features/consent/page-groups";

/**
 * The set-up form's field names, without the check (setup-schema.ts): the
 * page's script needs the names, not zod or the page-group rules.
 */
export const SETUP_FIELDS = [
  "adsConversionId",
  "requestLabel",
  "phoneLabel",
  "analyticsId",
  "pixelId",
  "pageGroups",
  "enhancedConversions",
  "adPersonalization",
] as const;
export type SetupField = (typeof SETUP_FIELDS)[number];

export interface SetupValues {
  adsConversionId: string | null;
  requestLabel: string | null;
  phoneLabel: string | null;
  analyticsId: string | null;
  pixelId: string | null;
  pageGroups: PageGroup[];
}

/** The form's name for a page group's switch. */
export const groupField = (group: PageGroup) => `group-${group}`;
