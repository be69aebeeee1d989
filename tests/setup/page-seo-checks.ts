import { META_LIMITS } from "~/lib/meta-limits";
import { elementTexts, jsonLdBlocks, metaContents, startTags, withoutScripts } from "./html";
import type { CrawledPage } from "./site-crawl";

export const isNoindex = (page: CrawledPage) =>
  /noindex/i.test(page.robotsHeader ?? "") || metaContents(page.html ?? "", "robots").some((c) => /noindex/i.test(c));

/** Every node of a JSON-LD value, nested ones included. */
function* nodes(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* nodes(item);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const child of Object.values(value)) yield* nodes(child);
  }
}
const hasType = (node: Record<string, unknown>, type: string) =>
  node["@type"] === type || (Array.isArray(node["@type"]) && node["@type"].includes(type));

/** What a search engine or a screen reader would find wrong with one HTML page. */
export function pageProblems(page: CrawledPage, publicUrl: string): string[] {
  const html = page.html!;
  const markup = withoutScripts(html);
  const problems: string[] = [];
  const h1s = markup.match(/<h1[\s>]/gi)?.length ?? 0;
  if (h1s !== 1) problems.push(`${h1s} <h1> elements`);
  const titles = elementTexts(html.slice(0, html.indexOf("</head>")), "title");
  if (titles.length !== 1) problems.push(`${titles.length} <title> elements`);
  else if (titles[0].length < 1 || titles[0].length > META_LIMITS.titleMax)
    problems.push(`title of ${titles[0].length} characters: "${titles[0]}"`);

  const ld: unknown[] = [];
  for (const body of jsonLdBlocks(html)) {
    try {
      ld.push(JSON.parse(body));
    } catch {
      problems.push(`JSON-LD that does not parse: ${body.slice(0, 80)}`);
    }
  }
  for (const block of ld.flatMap((b) => (Array.isArray(b) ? b : [b])) as Record<string, unknown>[]) {
    if (!block || typeof block !== "object" || !block["@context"] || !(block["@type"] || block["@graph"]))
      problems.push(`JSON-LD without @context and @type/@graph: ${JSON.stringify(block).slice(0, 80)}`);
  }

  if (isNoindex(page)) return problems;
  // The checks that matter for pages meant to be found.
  const descriptions = metaContents(html, "description");
  if (descriptions.length !== 1) problems.push(`${descriptions.length} meta descriptions`);
  else {
    const n = descriptions[0].length;
    if (n < META_LIMITS.descriptionMin || n > META_LIMITS.descriptionMax)
      problems.push(`meta description of ${n} characters: "${descriptions[0]}"`);
  }
  const pathname = new URL(page.path, publicUrl).pathname;
  const canonical = startTags(html, "link").filter((l) => l.rel === "canonical");
  const expected = `${publicUrl}${pathname}`;
  if (canonical.length !== 1 || canonical[0].href !== expected)
    problems.push(`canonical ${canonical.map((l) => l.href).join(", ") || "missing"}, expected ${expected}`);
  if (!metaContents(html, "og:image").some(Boolean)) problems.push("no og:image");
  const segments = pathname.split("/").filter(Boolean).length;
  if (segments >= 2 && ![...nodes(ld)].some((n) => hasType(n, "BreadcrumbList")))
    problems.push("nested page without a BreadcrumbList");
  return problems;
}
