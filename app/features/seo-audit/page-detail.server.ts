import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { seoAuditLinks, seoAuditPages, seoAuditProblems } from "~/db/schema";
import { linksOf } from "./audit-runs.server";
import type { HeadingLine, NotIndexableReason, PageDetailView, ProblemDetails, StoredLinkGraph } from "./audit-types";
import { latestFinishedRun } from "./inventory.server";
import { isProblemCode, SEVERITIES, type ProblemCode } from "./problem-catalogue";
import type { PageKind } from "./site-paths";
import type { StructuredItem } from "./structured-data";

interface StoredDetail {
  /** Runs stored before the links were the run's own (migration 0028) keep them here. */
  linksOut?: string[];
  linksIn?: string[];
  imagesWithoutAlt?: string[];
  redirectHops?: string[];
  headings?: HeadingLine[];
  structuredItems?: StructuredItem[];
}

const PATH_MAX = 2000;

/** The address asked for (`?path=`), or null when there is none that could be one. */
export function readDetailPath(url: URL): string | null {
  const path = url.searchParams.get("path");
  return path && path.startsWith("/") && path.length <= PATH_MAX ? path : null;
}

export async function pageDetail(db: Db, path: string): Promise<PageDetailView> {
  const run = await latestFinishedRun(db);
  if (!run) return { state: "no-audit" };
  const finishedAt = run.finishedAt.toISOString();
  const [[row], problems, [links]] = await Promise.all([
    db
      .select()
      .from(seoAuditPages)
      .where(and(eq(seoAuditPages.runId, run.id), eq(seoAuditPages.path, path))),
    db
      .select({ code: seoAuditProblems.code, details: seoAuditProblems.details, severity: seoAuditProblems.severity })
      .from(seoAuditProblems)
      .where(and(eq(seoAuditProblems.runId, run.id), eq(seoAuditProblems.path, path)))
      .orderBy(asc(seoAuditProblems.severity), asc(seoAuditProblems.code), asc(seoAuditProblems.id)),
    db.select({ graph: seoAuditLinks.graph }).from(seoAuditLinks).where(eq(seoAuditLinks.runId, run.id)),
  ]);
  if (!row) return { state: "unknown", path, finishedAt };
  const detail = (row.detail ?? {}) as StoredDetail;
  const { linksIn, linksOut } = links
    ? linksOf(JSON.parse(links.graph) as StoredLinkGraph, path)
    : { linksIn: detail.linksIn ?? [], linksOut: detail.linksOut ?? [] };
  return {
    state: "found",
    finishedAt,
    page: {
      path: row.path,
      kind: row.kind as PageKind,
      status: row.status,
      location: row.location,
      indexable: row.indexable,
      notIndexable: row.notIndexable as NotIndexableReason[],
      inSitemap: row.inSitemap,
      title: row.title,
      titleChars: row.titleChars,
      titleWidthPx: row.titleWidthPx,
      description: row.description,
      descriptionChars: row.descriptionChars,
      descriptionWidthPx: row.descriptionWidthPx,
      canonical: row.canonical,
      h1Count: row.h1Count,
      wordCount: row.wordCount,
      structuredTypes: row.structuredTypes,
      openGraphMissing: row.openGraphMissing,
      twitterMissing: row.twitterMissing,
      lastModified: row.lastModified?.toISOString() ?? null,
      lcpP75Ms: row.lcpP75Ms,
      lcpSamples: row.lcpSamples,
      score: row.score,
      headings: detail.headings ?? [],
      structuredItems: detail.structuredItems ?? [],
      linksIn,
      linksOut,
      imagesWithoutAlt: detail.imagesWithoutAlt ?? [],
      redirectHops: detail.redirectHops ?? [],
      problems: problems
        .filter((p) => isProblemCode(p.code) && p.severity < SEVERITIES.length)
        .map((p) => ({ code: p.code as ProblemCode, details: p.details as ProblemDetails })),
    },
  };
}
