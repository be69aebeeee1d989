import robotsParser from "robots-parser";
import { SERP_LIMITS, serpWidth } from "~/features/seo-text/serp-width";
import type { AuditOutcome, AuditProblem, InventoryRow, NotIndexableReason, ProblemDetails } from "./audit-types";
import type { CrawlResult, ReadAddress } from "./crawl.server";
import { pageScore, PROBLEMS, siteScore, type ProblemCode, type Severity } from "./problem-catalogue";
import { internalPathOf, pageKindOf } from "./site-paths";
import { jsonLdNodes, readStructuredData } from "./structured-data";
import { AUDIT_LIMITS, MAX_REDIRECT_HOPS } from "./thresholds";

/**
 * Judges a crawled site: one inventory row per address and every problem,
 * each on the page where it is fixed (a broken link on the page that holds
 * it, a chain on the redirect's old address). Pure: the crawl's readings and
 * the real-visitor speed figures in, rows and problems out.
 */

/** A page's real-visitor LCP, as the analytics measured it. */
export interface PageSpeedFigure {
  p75Ms: number | null;
  samples: number;
}

const isRedirect = (status: number) => status >= 300 && status < 400;
const isHtml = (address: ReadAddress) => address.facts !== null && /^text\/html\b/i.test(address.contentType ?? "");
/** A page: an HTML answer with 200, the only kind of address with a score. */
const isPage = (address: ReadAddress) => address.status === 200 && isHtml(address);
const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const sameText = (text: string) => squash(text).toLowerCase();

/** Directives that keep a page out of search, from the robots meta tags and the X-Robots-Tag header. */
function noindexOf(address: ReadAddress): boolean {
  const directives = [...(address.facts?.robots ?? []), address.robotsHeader ?? ""]
    .join(",")
    .toLowerCase()
    // "googlebot: noindex" in a header names its crawler; ours are all the same here.
    .replace(/[a-z-]+\s*:/g, "")
    .split(/[\s,]+/);
  return directives.includes("noindex") || directives.includes("none");
}

interface Hop {
  hops: string[];
  /** Where it ends: a path of ours, or an absolute URL elsewhere. */
  final: string;
  loop: boolean;
  /** The status of the last address (0 for one elsewhere, or one never read). */
  finalStatus: number;
}

/** Open Graph tags a full preview needs (ogp.me's required four, and a description). */
const OPEN_GRAPH_TAGS = ["og:title", "og:type", "og:image", "og:url", "og:description"];

export function analyseSite(
  crawl: CrawlResult,
  options: { publicUrl: string; speed?: ReadonlyMap<string, PageSpeedFigure> },
): AuditOutcome {
  const { publicUrl } = options;
  const speed = options.speed ?? new Map<string, PageSpeedFigure>();
  const { addresses, origins } = crawl;
  const robots =
    crawl.robotsTxt === null ? null : robotsParser(new URL("/robots.txt", publicUrl).href, crawl.robotsTxt);
  const problems: AuditProblem[] = [];
  const add = (path: string, code: ProblemCode, details: ProblemDetails = {}) =>
    problems.push({ path, code, severity: PROBLEMS[code].severity, details });
  const pathOf = (href: string) => internalPathOf(href, origins);

  /** Follows an address through its redirects, hop by hop, as far as the crawl read them. */
  const follow = (start: string): Hop => {
    const hops = [start];
    let current = addresses.get(start);
    while (current && isRedirect(current.status) && current.location) {
      const next = pathOf(current.location);
      if (next === null) return { hops, final: current.location, loop: false, finalStatus: 0 };
      if (hops.includes(next) || hops.length > MAX_REDIRECT_HOPS)
        return { hops: [...hops, next], final: next, loop: true, finalStatus: 0 };
      hops.push(next);
      current = addresses.get(next);
    }
    return { hops, final: hops.at(-1)!, loop: false, finalStatus: current?.status ?? 0 };
  };

  // Who links where: each page's distinct targets (itself left out), and each final target's sources.
  const linksOut = new Map<string, string[]>();
  const linksIn = new Map<string, Set<string>>();
  for (const address of addresses.values()) {
    if (!isPage(address)) continue;
    const targets = new Set<string>();
    for (const link of address.facts!.links) {
      const target = pathOf(link.href);
      if (target !== null && target !== address.path) targets.add(target);
    }
    linksOut.set(address.path, [...targets]);
    for (const target of targets) {
      const { final, loop } = follow(target);
      if (loop || final === address.path) continue;
      let sources = linksIn.get(final);
      if (!sources) linksIn.set(final, (sources = new Set()));
      sources.add(address.path);
    }
  }

  // Indexability of every address first: canonicals and the sitemap check are judged against it.
  const notIndexable = new Map<string, NotIndexableReason[]>();
  for (const address of addresses.values()) {
    const reasons: NotIndexableReason[] = [];
    if (isRedirect(address.status)) reasons.push("redirects");
    else if (address.status === 404 || address.status === 410) reasons.push("not-found");
    else if (address.status === 0 || address.status >= 400) reasons.push("error");
    else if (!isHtml(address)) reasons.push("not-a-page");
    if (reasons.length === 0) {
      if (noindexOf(address)) reasons.push("noindex");
      if (robots && robots.isAllowed(new URL(address.path, publicUrl).href, "Googlebot") === false)
        reasons.push("robots");
      const canonicals = [...new Set(address.facts!.canonicals)];
      if (canonicals.length === 1 && pathOf(canonicals[0]!) !== address.path) reasons.push("canonical-elsewhere");
    }
    notIndexable.set(address.path, reasons);
  }
  const indexable = (path: string) => notIndexable.get(path)?.length === 0;

  // Titles and descriptions shared between indexable pages.
  const byTitle = new Map<string, string[]>();
  const byDescription = new Map<string, string[]>();
  const group = (into: Map<string, string[]>, text: string | undefined, path: string) => {
    if (!text || !squash(text)) return;
    const key = sameText(text);
    into.set(key, [...(into.get(key) ?? []), path]);
  };
  for (const address of addresses.values()) {
    if (!indexable(address.path)) continue;
    group(byTitle, address.facts!.titles[0], address.path);
    group(byDescription, address.facts!.descriptions[0], address.path);
  }

  const rows: InventoryRow[] = [];
  for (const address of addresses.values()) {
    const { path } = address;
    const facts = address.facts;
    // Every problem added in this pass is this address's own.
    const firstProblem = problems.length;
    const page = isPage(address);
    const reasons = notIndexable.get(path)!;
    const found = indexable(path);
    const inSitemap = crawl.sitemap.has(path);
    const redirect = isRedirect(address.status) ? follow(path) : null;
    const title = facts?.titles[0] === undefined ? null : squash(facts.titles[0]);
    const description = facts?.descriptions[0] === undefined ? null : squash(facts.descriptions[0]);
    const structured = facts ? readStructuredData(facts.jsonLd) : null;
    const images = facts ? facts.images.filter((image) => image.alt === null && !image.hidden).map((i) => i.src) : [];
    const figure = speed.get(path);
    const judged = figure && figure.p75Ms !== null && figure.samples >= AUDIT_LIMITS.speedMinSamples ? figure : null;

    // --- Every address ---
    if (address.status === 0 || address.status >= 500)
      add(path, "page-error", { status: address.status, ...(address.error ? { reason: address.error } : {}) });
    if (redirect) {
      if (redirect.loop) add(path, "redirect-loop", { hops: redirect.hops });
      else {
        if (redirect.hops.length > 2) add(path, "redirect-chain", { hops: redirect.hops, target: redirect.final });
        if (redirect.finalStatus >= 400)
          add(path, "redirect-broken", { target: redirect.final, status: redirect.finalStatus });
      }
    }
    if (inSitemap && !found) add(path, "sitemap-not-indexable", { missing: reasons });

    // --- Pages: what visitors meet, whether or not the page is meant to be found ---
    if (page && facts) {
      if (facts.titles.length === 0 || !title) add(path, "title-missing");
      else if (facts.titles.length > 1) add(path, "title-multiple", { count: facts.titles.length });
      const h1s = facts.headings.filter((h) => h.level === 1);
      if (h1s.length === 0) add(path, "h1-missing");
      else if (h1s.length > 1) add(path, "h1-multiple", { count: h1s.length, others: h1s.map((h) => h.text) });
      let previous = 0;
      for (const heading of facts.headings) {
        if (previous > 0 && heading.level > previous + 1)
          add(path, "heading-skipped", { from: previous, to: heading.level, text: heading.text });
        previous = heading.level;
      }
      if (images.length > 0) add(path, "image-missing-alt", { count: images.length, images: images.slice(0, 10) });
      for (const target of linksOut.get(path) ?? []) {
        const way = follow(target);
        const read = addresses.get(way.final);
        if (!read) continue; // past the crawl's bound, or elsewhere: not judged
        if (way.loop || read.status === 0 || read.status >= 400)
          add(path, "broken-link", {
            target,
            status: way.loop ? 0 : read.status,
            hops: way.hops.length > 1 ? way.hops : undefined,
          });
        else if (way.hops.length > 1) add(path, "link-redirects", { target, hops: way.hops });
      }
      for (const invalid of structured!.invalid)
        add(path, "structured-data-invalid", { reason: invalid.reason, excerpt: invalid.excerpt });
      if (judged && judged.p75Ms! > AUDIT_LIMITS.lcpPoorMs)
        add(path, "lcp-poor", { p75Ms: judged.p75Ms!, samples: judged.samples });
      else if (judged && judged.p75Ms! > AUDIT_LIMITS.lcpGoodMs)
        add(path, "lcp-needs-improvement", { p75Ms: judged.p75Ms!, samples: judged.samples });

      // Canonicals, on any page not hidden from search.
      const canonicals = [...new Set(facts.canonicals)];
      if (!reasons.includes("noindex")) {
        if (canonicals.length === 0) add(path, "canonical-missing");
        else if (canonicals.length > 1) add(path, "canonical-multiple", { others: canonicals });
        else if (reasons.includes("canonical-elsewhere")) {
          const target = canonicals[0]!;
          const targetPath = pathOf(target);
          if (targetPath === null) add(path, "canonical-elsewhere", { target });
          else {
            const read = addresses.get(targetPath);
            if (read && !indexable(targetPath))
              add(path, "canonical-broken", {
                target: targetPath,
                status: read.status,
                missing: notIndexable.get(targetPath),
              });
            else add(path, "canonical-elsewhere", { target: targetPath });
          }
        }
      }
    }

    // --- Indexable pages: how they show in search ---
    if (page && facts && found) {
      if (title) {
        const widthPx = serpWidth("title", title);
        if (title.length > AUDIT_LIMITS.titleMax || widthPx > SERP_LIMITS.title.desktopPx)
          add(path, "title-too-long", { chars: title.length, widthPx, limit: AUDIT_LIMITS.titleMax });
        else if (title.length < AUDIT_LIMITS.titleMin)
          add(path, "title-too-short", { chars: title.length, limit: AUDIT_LIMITS.titleMin });
        const twins = byTitle.get(sameText(title)) ?? [];
        if (twins.length > 1)
          add(path, "title-duplicate", {
            text: title,
            count: twins.length - 1,
            others: twins.filter((p) => p !== path).slice(0, 5),
          });
      }
      if (facts.descriptions.length === 0 || !description) add(path, "description-missing");
      else {
        if (facts.descriptions.length > 1) add(path, "description-multiple", { count: facts.descriptions.length });
        if (description.length > AUDIT_LIMITS.descriptionMax)
          add(path, "description-too-long", { chars: description.length, limit: AUDIT_LIMITS.descriptionMax });
        else if (description.length < AUDIT_LIMITS.descriptionMin)
          add(path, "description-too-short", { chars: description.length, limit: AUDIT_LIMITS.descriptionMin });
        const twins = byDescription.get(sameText(description)) ?? [];
        if (twins.length > 1)
          add(path, "description-duplicate", {
            text: description,
            count: twins.length - 1,
            others: twins.filter((p) => p !== path).slice(0, 5),
          });
      }
      if (path !== "/" && !linksIn.has(path)) add(path, "orphan-page");
      if (!inSitemap) add(path, "not-in-sitemap");
      if (facts.wordCount < AUDIT_LIMITS.thinPageWords && facts.formsInMain === 0)
        add(path, "thin-page", { words: facts.wordCount, limit: AUDIT_LIMITS.thinPageWords });
      for (const item of structured!.items) {
        if (item.missingRequired.length > 0)
          add(path, "structured-data-incomplete", { types: item.types, missing: item.missingRequired });
        else if (item.missingRecommended.length > 0)
          add(path, "structured-data-recommended", { types: item.types, missing: item.missingRecommended });
      }
      const social = socialGaps(facts.openGraph, facts.twitter);
      if (social.length > 0) add(path, "social-incomplete", { missing: social });
    }

    const own = problems.slice(firstProblem);
    const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
    for (const problem of own) counts[problem.severity] += 1;
    const social = facts
      ? { og: openGraphGaps(facts.openGraph), tw: twitterGaps(facts.openGraph, facts.twitter) }
      : null;
    rows.push({
      path,
      kind: pageKindOf(path),
      status: address.status,
      location: address.location ? (pathOf(address.location) ?? address.location) : null,
      indexable: found,
      notIndexable: reasons,
      inSitemap,
      title,
      titleChars: title?.length ?? null,
      titleWidthPx: title === null ? null : serpWidth("title", title),
      description,
      descriptionChars: description?.length ?? null,
      descriptionWidthPx: description === null ? null : serpWidth("description", description),
      canonical: facts?.canonicals[0] ?? null,
      h1Count: page && facts ? facts.headings.filter((h) => h.level === 1).length : null,
      headings: page && facts ? facts.headings.map((h) => ({ level: h.level, text: h.text.slice(0, 300) })) : [],
      wordCount: page && facts ? facts.wordCount : null,
      linksIn: linksIn.get(path)?.size ?? 0,
      linksOut: linksOut.get(path)?.length ?? 0,
      imagesWithoutAlt: page ? images.length : null,
      structuredTypes: structured?.types ?? [],
      structuredItems: structured?.items ?? [],
      openGraphMissing: page ? social!.og : null,
      twitterMissing: page ? social!.tw : null,
      lastModified: lastModifiedOf(address, crawl.sitemap.get(path) ?? null),
      lcpP75Ms: judged?.p75Ms ?? null,
      lcpSamples: figure?.samples ?? 0,
      score: page ? pageScore(own.map((p) => p.code)) : null,
      problemCounts: counts,
      detail: {
        linksOut: linksOut.get(path) ?? [],
        linksIn: [...(linksIn.get(path) ?? [])],
        imagesWithoutAlt: images,
        redirectHops: redirect?.hops ?? [],
      },
    });
  }

  return {
    rows,
    problems,
    siteScore: siteScore(rows.flatMap((row) => (row.score === null ? [] : [row.score]))),
    limitReached: crawl.limitReached,
    sitemapError: crawl.sitemapError,
    robotsError: crawl.robotsError,
  };
}

const openGraphGaps = (og: Record<string, string>) => OPEN_GRAPH_TAGS.filter((tag) => !og[tag]?.trim());

/** A Twitter card needs its type; its title, description and image may come from Open Graph (X's documented fallback). */
function twitterGaps(og: Record<string, string>, twitter: Record<string, string>): string[] {
  const gaps: string[] = [];
  if (!twitter["twitter:card"]?.trim()) gaps.push("twitter:card");
  for (const part of ["title", "description", "image"])
    if (!twitter[`twitter:${part}`]?.trim() && !og[`og:${part}`]?.trim()) gaps.push(`twitter:${part}`);
  return gaps;
}

const socialGaps = (og: Record<string, string>, twitter: Record<string, string>) => [
  ...openGraphGaps(og),
  ...twitterGaps(og, twitter),
];

/** When the page last changed: the sitemap's lastmod, else its structured data's dateModified, else Last-Modified. */
function lastModifiedOf(address: ReadAddress, lastmod: string | null): string | null {
  const candidates = [lastmod];
  for (const block of address.facts?.jsonLd ?? []) {
    if (!block.ok) continue;
    for (const { node } of jsonLdNodes(block.value))
      if (typeof node.dateModified === "string") candidates.push(node.dateModified);
  }
  candidates.push(address.lastModified);
  for (const candidate of candidates) {
    if (!candidate) continue;
    const time = Date.parse(candidate);
    if (Number.isFinite(time)) return new Date(time).toISOString();
  }
  return null;
}
