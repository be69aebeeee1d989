import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoPageSettings, users, type SeoPageSetting } from "~/db/schema";
import { audit, type AuditActor } from "~/features/auth/audit.server";
import { bumpContentVersion } from "~/features/content/content-version.server";
import type { SettingsValues } from "./settings-rules";

/**
 * The page settings' rows: read one, list them, save and reset, each change
 * in one transaction with its audit entry (before and after) and the content
 * version every instance's page cache follows.
 */

export const EMPTY_SETTINGS: SettingsValues = {
  title: null,
  description: null,
  focusKeyphrase: null,
  canonical: null,
  noindex: false,
  socialImage: null,
  socialTitle: null,
  socialDescription: null,
};

export function valuesOf(row: SeoPageSetting | undefined): SettingsValues {
  if (!row) return EMPTY_SETTINGS;
  return {
    title: row.title,
    description: row.description,
    focusKeyphrase: row.focusKeyphrase,
    canonical: row.canonical,
    noindex: row.noindex === true,
    socialImage: row.socialImage,
    socialTitle: row.socialTitle,
    socialDescription: row.socialDescription,
  };
}

const FIELDS = Object.keys(EMPTY_SETTINGS) as (keyof SettingsValues)[];
const sameValues = (a: SettingsValues, b: SettingsValues) => FIELDS.every((field) => a[field] === b[field]);

const isEmpty = (values: SettingsValues) =>
  Object.entries(values).every(([, value]) => value === null || value === false);

/** What the audit keeps of a page's settings: the fields set (null when none is). */
function snapshot(values: SettingsValues): Record<string, string | boolean> | null {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== false));
  return Object.keys(set).length > 0 ? set : null;
}

/** One page's row, and the name of who changed it last. */
export async function readSettingsRow(
  db: Db,
  path: string,
): Promise<{ row: SeoPageSetting; by: string | null } | undefined> {
  const [found] = await db
    .select({ row: seoPageSettings, by: users.name })
    .from(seoPageSettings)
    .leftJoin(users, eq(users.id, seoPageSettings.updatedBy))
    .where(eq(seoPageSettings.path, path))
    .limit(1);
  return found;
}

export interface SettingsListRow {
  path: string;
  values: SettingsValues;
  updatedAt: Date;
  updatedBy: string | null;
}

/** Every page with settings of its own, most recently changed first, with who changed it. */
export async function listPageSettings(db: Db): Promise<SettingsListRow[]> {
  const rows = await db
    .select({ row: seoPageSettings, by: users.name })
    .from(seoPageSettings)
    .leftJoin(users, eq(users.id, seoPageSettings.updatedBy))
    .orderBy(desc(seoPageSettings.updatedAt), seoPageSettings.path);
  return rows.map(({ row, by }) => ({
    path: row.path,
    values: valuesOf(row),
    updatedAt: row.updatedAt,
    updatedBy: by,
  }));
}

export type SettingsChange =
  | { changed: false }
  /** `version`: the content version the change committed with (the page cache's new version). */
  | { changed: true; version: string; values: SettingsValues; removed: boolean };

/**
 * Saves a page's settings (`path` normalised). All empty removes the row:
 * the page is back on its own. The same values as before change nothing
 * (no audit entry, no new version).
 */
export async function savePageSettings(
  db: Db,
  path: string,
  values: SettingsValues,
  actor: AuditActor,
): Promise<SettingsChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(seoPageSettings).where(eq(seoPageSettings.path, path)).for("update");
    const before = valuesOf(row);
    if (sameValues(before, values)) return { changed: false } as const;
    const removed = isEmpty(values);
    if (removed) {
      await tx.delete(seoPageSettings).where(eq(seoPageSettings.path, path));
    } else {
      const stored = { ...values, noindex: values.noindex ? true : null, updatedAt: new Date(), updatedBy: actor.id };
      await tx
        .insert(seoPageSettings)
        .values({ path, ...stored })
        .onConflictDoUpdate({ target: seoPageSettings.path, set: stored });
    }
    await audit(tx, actor, {
      action: removed ? "page_settings_reset" : "page_settings_changed",
      target: { type: "page", id: path },
      detail: { before: snapshot(before), after: snapshot(values) },
    });
    const version = await bumpContentVersion(tx);
    return { changed: true, version, values, removed } as const;
  });
}

/** Removes a page's settings (back to its defaults); null when it had none. */
export async function resetPageSettings(db: Db, path: string, actor: AuditActor): Promise<{ version: string } | null> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(seoPageSettings).where(eq(seoPageSettings.path, path)).returning();
    if (!gone) return null;
    await audit(tx, actor, {
      action: "page_settings_reset",
      target: { type: "page", id: path },
      detail: { before: snapshot(valuesOf(gone)), after: null },
    });
    return { version: await bumpContentVersion(tx) };
  });
}
