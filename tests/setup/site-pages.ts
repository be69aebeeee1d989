import fs from "node:fs";
import { openDatabase } from "~/db/client.server";
import { listSitemapEntries } from "~/features/seo/sitemap.server";
import { copyPgliteTemplate } from "./database";

/** Public pages kept out of the sitemap (noindex), besides every page in it. */
export const UNLISTED_PAGES = ["/thank-you", "/auth"];

/**
 * The paths /sitemap.xml lists for the seeded demo content, in its order,
 * read when a test file is collected: the product's own query
 * (listSitemapEntries) on a copy of this run's template database, which every
 * test server starts from. So `it.each` can make one test per page before any
 * server runs; each file that uses it also checks the served sitemap lists
 * exactly these.
 */
export async function seededSitemapPaths(): Promise<string[]> {
  const dataDir = copyPgliteTemplate("sitemap");
  const database = await openDatabase({ dataDir });
  try {
    return (await listSitemapEntries(database.db)).map((entry) => entry.path);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
