import type { Db } from "~/db/client.server";
import { SERP_LIMITS } from "~/features/seo-text/serp-width";
import { csvHeaders, csvText, type CsvCell } from "~/lib/csv.server";
import { NOT_INDEXABLE_REASONS, type HeadingLine, type NotIndexableReason } from "./audit-types";
import { readInventoryView } from "./inventory-params";
import { inventoryRowsForExport, latestFinishedRun } from "./inventory.server";
import { isProblemCode, PROBLEMS } from "./problem-catalogue";
import { PAGE_KINDS, type PageKind } from "./site-paths";
import type { StructuredItem } from "./structured-data";

/**
 * /admin/seo/pages.csv: every column of the inventory for every address the
 * view's filters keep (in its order), for a spreadsheet. Pages and figures
 * only; cells a spreadsheet would run as formulas are neutralised by csvText.
 */
const HEADER = [
  "Address",
  "Kind",
  "Answer (HTTP status)",
  "Redirects to",
  "Can be found in search",
  "Why not",
  "In sitemap",
  "Title",
  "Title characters",
  "Title width (px)",
  "Title cut on computers",
  "Title cut on phones",
  "Description",
  "Description characters",
  "Description width (px)",
  "Description cut on computers",
  "Description cut on phones",
  "Canonical",
  "Main headings (H1)",
  "Heading outline",
  "Words",
  "Links in",
  "Links out",
  "Images without alt text",
  "Structured data",
  "Structured data missing (Google requires)",
  "Open Graph tags missing",
  "Twitter card tags missing",
  "Last changed",
  "LCP p75 in ms (real visitors over 28 days)",
  "LCP measurements",
  "Score",
  "Must fix",
  "Should fix",
  "Worth a look",
  "Problems",
] as const;

const yesNo = (value: boolean | null) => (value === null ? null : value ? "yes" : "no");
const cut = (width: number | null, limit: number) => (width === null ? null : yesNo(width > limit));

export async function inventoryCsv(db: Db, url: URL): Promise<{ body: string; headers: Record<string, string> }> {
  const run = await latestFinishedRun(db);
  // Before the first check there is no page to list: the columns alone (the page offers no download then).
  if (!run) return { body: csvText(HEADER, []), headers: csvHeaders("site-pages-not-checked-yet.csv") };
  const view = readInventoryView(url.searchParams);
  const found = await inventoryRowsForExport(db, run.id, view);
  const rows: CsvCell[][] = found.map(({ row, codes }) => {
    const detail = (row.detail ?? {}) as { headings?: HeadingLine[]; structuredItems?: StructuredItem[] };
    const missing = (detail.structuredItems ?? [])
      .filter((item) => item.missingRequired.length > 0)
      .map((item) => `${item.types.join("/")}: ${item.missingRequired.join(", ")}`);
    return [
      row.path,
      PAGE_KINDS[row.kind as PageKind] ?? row.kind,
      row.status,
      row.location,
      yesNo(row.indexable),
      row.notIndexable.map((r) => NOT_INDEXABLE_REASONS[r as NotIndexableReason] ?? r).join("; "),
      yesNo(row.inSitemap),
      row.title,
      row.titleChars,
      row.titleWidthPx,
      cut(row.titleWidthPx, SERP_LIMITS.title.desktopPx),
      cut(row.titleWidthPx, SERP_LIMITS.title.mobilePx),
      row.description,
      row.descriptionChars,
      row.descriptionWidthPx,
      cut(row.descriptionWidthPx, SERP_LIMITS.description.desktopPx),
      cut(row.descriptionWidthPx, SERP_LIMITS.description.mobilePx),
      row.canonical,
      row.h1Count,
      (detail.headings ?? []).map((h) => `H${h.level} ${h.text}`).join(" | "),
      row.wordCount,
      row.linksIn,
      row.linksOut,
      row.imagesWithoutAlt,
      row.structuredTypes.join(", "),
      missing.join("; "),
      row.openGraphMissing?.join(", ") ?? null,
      row.twitterMissing?.join(", ") ?? null,
      row.lastModified?.toISOString() ?? null,
      row.lcpP75Ms,
      row.lcpSamples,
      row.score,
      row.errors,
      row.warnings,
      row.notices,
      (codes ?? []).map((code) => (isProblemCode(code) ? PROBLEMS[code].title : code)).join("; "),
    ];
  });
  const day = run.finishedAt.toISOString().slice(0, 10);
  return { body: csvText(HEADER, rows), headers: csvHeaders(`site-pages-${day}.csv`) };
}
