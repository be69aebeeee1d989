import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adsMeasurementSettings, type AdsMeasurementSettingsRow } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import { readMeasurementRow } from "~/features/consent/measurement-settings.server";
import { DEFAULT_PAGE_GROUPS, PAGE_GROUPS, type PageGroup } from "~/features/consent/page-groups";
import type { SetupValues } from "./setup-schema";

/**
 * The set-up row: read as the form shows it, and saved in one transaction
 * with its audit entry (before and after) and a new content version, which
 * every instance's page cache follows (the CSP is part of each cached page).
 */

export function setupValuesOf(row: AdsMeasurementSettingsRow | undefined): SetupValues {
  const groups = row ? row.pageGroups : DEFAULT_PAGE_GROUPS;
  return {
    adsConversionId: row?.adsConversionId ?? null,
    requestLabel: row?.requestLabel ?? null,
    phoneLabel: row?.phoneLabel ?? null,
    analyticsId: row?.analyticsMeasurementId ?? null,
    pixelId: row?.adPixelId ?? null,
    // In the list's order, so that a save of the same switches changes nothing.
    pageGroups: PAGE_GROUPS.filter((group): group is PageGroup => groups.includes(group)),
  };
}

const same = (a: SetupValues, b: SetupValues) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that changed, before and after (an ID is no personal data; the audit keeps it whole). */
function changedFields(before: SetupValues, after: SetupValues) {
  const keys = (Object.keys(after) as (keyof SetupValues)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

// Two administrators saving at once: the second reads what the first saved.
const SETUP_LOCK_KEY = 727_034;

export type SetupChange =
  { changed: false } | { changed: true; version: string; before: SetupValues; after: SetupValues };

export async function saveSetup(db: Db, values: SetupValues, actor: AuditActor): Promise<SetupChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    const before = setupValuesOf(await readMeasurementRow(tx));
    const after: SetupValues = {
      ...values,
      pageGroups: PAGE_GROUPS.filter((group) => values.pageGroups.includes(group)),
    };
    if (same(before, after)) return { changed: false } as const;
    const stored = {
      adsConversionId: after.adsConversionId,
      requestLabel: after.requestLabel,
      phoneLabel: after.phoneLabel,
      analyticsMeasurementId: after.analyticsId,
      adPixelId: after.pixelId,
      pageGroups: after.pageGroups,
      updatedAt: new Date(),
      updatedBy: actor.id,
    };
    await tx
      .insert(adsMeasurementSettings)
      .values({ id: 1, ...stored })
      .onConflictDoUpdate({ target: adsMeasurementSettings.id, set: stored });
    await audit(tx, actor, {
      action: "ads_measurement_changed",
      target: { type: "setting", id: "ads_measurement" },
      detail: changedFields(before, after),
    });
    const version = await bumpContentVersion(tx);
    return { changed: true, version, before, after } as const;
  });
}
