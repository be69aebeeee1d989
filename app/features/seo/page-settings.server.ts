import { eq } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { configContext, databaseContext, servicesContext } from "~/context";
import type { Db } from "~/db/client.server";
import { seoPageSettings, type SeoPageSetting } from "~/db/schema";
import { databaseAwayContext, isDatabaseUnavailable, withDatabaseDeadline } from "~/lib/database-availability.server";
import { normalisePath } from "~/lib/site-path";
import { isStaffAreaPath } from "~/lib/staff-area";
import { isDefaultsRead, PAGE_DEFAULTS_HEADER } from "./page-defaults-read.server";
import type { PageSettings } from "./page-meta";

/**
 * Set by the root loader when the page's settings keep it out of search
 * results: the server then also sends `X-Robots-Tag: noindex`
 * (server/react-router-handler.ts), as the site's other noindex pages do.
 */
export const pageNoindexContext = createContext<boolean>(false);

/**
 * What visitors' pages apply of a row: the fields set (never the focus keyphrase, which is the editor's),
 * the canonical and the social image absolute on `publicUrl` (a path of ours is stored as a path), so
 * pageMeta needs no code in the browser to resolve them.
 */
export function publicSettingsOf(row: SeoPageSetting, publicUrl: string): PageSettings | null {
  const settings: PageSettings = {};
  const absolute = (address: string) => new URL(address, `${publicUrl}/`).href;
  if (row.title !== null) settings.title = row.title;
  if (row.description !== null) settings.description = row.description;
  if (row.canonical !== null) settings.canonical = absolute(row.canonical);
  if (row.noindex) settings.noindex = true;
  if (row.socialImage !== null) settings.socialImage = absolute(row.socialImage);
  if (row.socialTitle !== null) settings.socialTitle = row.socialTitle;
  if (row.socialDescription !== null) settings.socialDescription = row.socialDescription;
  return Object.keys(settings).length > 0 ? settings : null;
}

/** One page's public settings: one lookup by its key. */
export async function readPageSettings(db: Db, path: string, publicUrl: string): Promise<PageSettings | null> {
  const [row] = await db.select().from(seoPageSettings).where(eq(seoPageSettings.path, path)).limit(1);
  return row ? publicSettingsOf(row, publicUrl) : null;
}

/**
 * The root loader's part: the settings of the requested page. `url` is the
 * loader's normalised URL (a client navigation's /x.data is /x). None for the
 * staff area and its sign-in (they never get settings), for the site's own
 * read of the defaults, and with the database away (that page is not cached).
 */
export async function pageSettingsForRequest(
  request: Request,
  url: URL,
  context: Readonly<RouterContextProvider>,
): Promise<PageSettings | null> {
  const path = normalisePath(url.pathname);
  if (path === null || isStaffAreaPath(path) || path === "/auth" || context.get(databaseAwayContext)) return null;
  if (isDefaultsRead(context.get(servicesContext).secret, path, request.headers.get(PAGE_DEFAULTS_HEADER))) {
    return null;
  }
  try {
    const { publicUrl } = context.get(configContext);
    const settings = await withDatabaseDeadline(() =>
      readPageSettings(context.get(databaseContext).db, path, publicUrl),
    );
    if (settings?.noindex) context.set(pageNoindexContext, true);
    return settings;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.set(databaseAwayContext, true);
    return null;
  }
}
