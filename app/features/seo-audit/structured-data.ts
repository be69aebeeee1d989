import type { JsonLdBlock } from "~/features/seo-text/page-facts.server";

/**
 * Structured data (JSON-LD) as Google reads it: every node of every block,
 * including those inside `@graph` and nested in other nodes, checked against
 * the properties Google requires for the types it shows in results. Where
 * Google requires nothing for a type (articles, organisations), the
 * properties it recommends are checked instead, and said to be
 * recommendations. Sources: Google Search Central's structured-data pages for
 * local businesses, articles, breadcrumbs and organisations (2026).
 */

/** How one profile judges a node. */
interface Profile {
  /** The name shown on screen ("Local business"). */
  label: string;
  /** Properties Google requires; a node without one is not eligible for its result. */
  required: readonly string[];
  /** Properties Google recommends; checked only when it requires none. */
  recommended: readonly string[];
  /** Why the profile has no requirement of Google's own, said on screen. */
  note?: string;
}

/** Local businesses and the subtypes a clinic uses (schema.org's LocalBusiness tree). */
const LOCAL_BUSINESS_TYPES = new Set([
  "LocalBusiness",
  "MedicalBusiness",
  "MedicalClinic",
  "Dentist",
  "Optician",
  "Pharmacy",
  "Hospital",
  "HealthAndBeautyBusiness",
  "ProfessionalService",
]);
const ARTICLE_TYPES = new Set(["Article", "BlogPosting", "NewsArticle", "MedicalScholarlyArticle"]);
const ORGANIZATION_TYPES = new Set(["Organization", "MedicalOrganization"]);

export const PROFILES = {
  localBusiness: {
    label: "Local business (clinic)",
    required: ["name", "address"],
    recommended: ["telephone", "url", "geo", "openingHoursSpecification"],
  },
  physician: {
    label: "Physician",
    required: [],
    recommended: ["name", "url", "image", "medicalSpecialty|knowsAbout", "worksFor|memberOf|address"],
    note: "Google shows no special result for a physician and requires nothing; these are the properties that tie a clinician to the clinic.",
  },
  article: {
    label: "Article or blog post",
    required: [],
    recommended: ["headline", "image", "datePublished", "dateModified", "author"],
    note: "Google requires no property for articles; these are the ones it recommends.",
  },
  breadcrumbs: {
    label: "Breadcrumbs",
    required: ["itemListElement"],
    recommended: [],
  },
  organization: {
    label: "Organization",
    required: [],
    recommended: ["name", "url", "logo"],
    note: "Google requires no property for an organization; these are the ones it recommends.",
  },
} as const satisfies Record<string, Profile>;
export type ProfileName = keyof typeof PROFILES;

type Node = Record<string, unknown>;

/** A node's @type values. */
function typesOf(node: Node): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  // "https://schema.org/MedicalClinic" and "schema:MedicalClinic" are the same type.
  return list
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^(https?:\/\/schema\.org\/|schema:)/, ""));
}

/** Which profile checks a node (the most specific one), or null for a type we do not check. */
export function profileOf(types: readonly string[]): ProfileName | null {
  if (types.includes("BreadcrumbList")) return "breadcrumbs";
  if (types.some((t) => ARTICLE_TYPES.has(t))) return "article";
  // A clinician marked up as a person (our team pages) or alone: never judged as a business.
  if (types.includes("Physician")) return "physician";
  if (types.some((t) => LOCAL_BUSINESS_TYPES.has(t))) return "localBusiness";
  if (types.some((t) => ORGANIZATION_TYPES.has(t))) return "organization";
  return null;
}

/** A node and where it stands: at the top of a block (or in its @graph), or inside another node. */
interface Found {
  node: Node;
  nested: boolean;
}

/** Every typed node of a JSON-LD value: top-level ones, @graph members and nested objects, each once. */
export function* jsonLdNodes(value: unknown, nested = false, seen = new Set<unknown>()): Generator<Found> {
  if (Array.isArray(value)) {
    for (const item of value) yield* jsonLdNodes(item, nested, seen);
    return;
  }
  if (!value || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  const node = value as Node;
  if ("@type" in node) yield { node, nested };
  for (const [key, child] of Object.entries(node)) {
    if (key === "@context") continue;
    // A @graph's members stand at the top of the block; anything else inside a node is nested.
    yield* jsonLdNodes(child, key === "@graph" ? nested : true, seen);
  }
}

/**
 * The entities of a page to check: every top-level node (and @graph member),
 * with the parts of the same @id on the page merged into one; and every nested
 * node without an @id (a thing described in place). A nested node with an @id
 * that the page does not describe at its top level points at an entity
 * described elsewhere (the clinic, on the home page): it is not judged here.
 */
function entitiesOf(values: readonly unknown[]): Node[] {
  const found = values.flatMap((value) => [...jsonLdNodes(value)]);
  const byId = new Map<string, Node>();
  const entities: Node[] = [];
  const idOf = (node: Node) => (typeof node["@id"] === "string" ? node["@id"] : null);
  const fill = (into: Node, from: Node) => {
    for (const [key, value] of Object.entries(from)) if (!(key in into)) into[key] = value;
  };
  for (const { node, nested } of found) {
    if (nested) continue;
    const id = idOf(node);
    const merged = id === null ? undefined : byId.get(id);
    if (merged) fill(merged, node);
    else {
      const entity = { ...node };
      if (id !== null) byId.set(id, entity);
      entities.push(entity);
    }
  }
  for (const { node, nested } of found) {
    if (!nested) continue;
    const id = idOf(node);
    if (id === null) entities.push(node);
    else {
      const merged = byId.get(id);
      if (merged) fill(merged, node);
    }
  }
  return entities;
}

const present = (value: unknown): boolean => {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(present);
  return true;
};

/** A property spec ("a|b" means either will do) that the node lacks, or null. */
function lacking(node: Node, spec: string): string | null {
  return spec.split("|").some((name) => present(node[name])) ? null : spec.replace(/\|/g, " or ");
}

/** What a breadcrumb trail lacks that Google requires: each item's position and name, and a link on all but the last. */
function breadcrumbGaps(node: Node): string[] {
  const items = Array.isArray(node.itemListElement) ? node.itemListElement : [];
  if (items.length === 0) return ["itemListElement"];
  const gaps = new Set<string>();
  items.forEach((raw, i) => {
    const item = (raw && typeof raw === "object" ? raw : {}) as Node;
    if (typeof item.position !== "number" && !/^\d+$/.test(String(item.position ?? "")))
      gaps.add("position of each item");
    const named =
      present(item.name) || (item.item && typeof item.item === "object" && present((item.item as Node).name));
    if (!named) gaps.add("name of each item");
    const linked =
      typeof item.item === "string" ? present(item.item) : present((item.item as Node | undefined)?.["@id"]);
    if (!linked && i < items.length - 1) gaps.add("item (the link) of each item but the last");
  });
  return [...gaps];
}

/** One node of a type we check, and what it lacks. */
export interface StructuredItem {
  /** Its @type as written ("MedicalClinic, MedicalBusiness"). */
  types: string[];
  profile: ProfileName;
  /** Properties Google requires that it lacks. */
  missingRequired: string[];
  /** Properties Google recommends that it lacks (only for profiles where Google requires none). */
  missingRecommended: string[];
}

/** What the structured data of a page holds, and what is wrong with it. */
export interface StructuredDataReading {
  /** Every @type found, once each, in order. */
  types: string[];
  /** Each checked node. */
  items: StructuredItem[];
  /** Blocks that are no JSON at all, or JSON without @context, or without @type/@graph. */
  invalid: { reason: string; excerpt: string }[];
}

/**
 * Reads a page's JSON-LD blocks: the types present, each node of a type
 * Google has rules for, checked against them, and the blocks that are broken.
 * A node that only refers to another (`{"@id": …}`) is not checked.
 */
export function readStructuredData(blocks: readonly JsonLdBlock[]): StructuredDataReading {
  const reading: StructuredDataReading = { types: [], items: [], invalid: [] };
  const allTypes = new Set<string>();
  for (const block of blocks) {
    if (!block.ok) {
      reading.invalid.push({ reason: "not-json", excerpt: block.source.slice(0, 120) });
      continue;
    }
    const tops = Array.isArray(block.value) ? block.value : [block.value];
    for (const top of tops) {
      if (!top || typeof top !== "object") {
        reading.invalid.push({ reason: "not-an-object", excerpt: JSON.stringify(top).slice(0, 120) });
        continue;
      }
      const node = top as Node;
      if (!present(node["@context"]))
        reading.invalid.push({ reason: "no-context", excerpt: JSON.stringify(node).slice(0, 120) });
      else if (!present(node["@type"]) && !Array.isArray(node["@graph"]))
        reading.invalid.push({ reason: "no-type", excerpt: JSON.stringify(node).slice(0, 120) });
    }
  }
  const values = blocks.flatMap((block) => (block.ok ? [block.value] : []));
  for (const { node } of values.flatMap((value) => [...jsonLdNodes(value)]))
    for (const type of typesOf(node)) allTypes.add(type);
  for (const node of entitiesOf(values)) {
    const types = typesOf(node);
    const profile = profileOf(types);
    if (!profile) continue;
    const rules: Profile = PROFILES[profile];
    const missingRequired =
      profile === "breadcrumbs"
        ? breadcrumbGaps(node)
        : rules.required.map((spec) => lacking(node, spec)).filter((m): m is string => m !== null);
    const missingRecommended =
      rules.required.length === 0
        ? rules.recommended.map((spec) => lacking(node, spec)).filter((m): m is string => m !== null)
        : [];
    reading.items.push({ types, profile, missingRequired, missingRecommended });
  }
  reading.types = [...allTypes];
  return reading;
}
