import type { MeasurementConfig } from "~/features/consent/measurement-config";
import type { MetaRoot, PageSettings } from "~/features/seo/page-meta";

/** What the root loader gives every page. */
export interface RootData extends MetaRoot {
  /** Third-party measurement IDs (none by default); used only after the visitor consents. */
  measurement: MeasurementConfig;
  /** Staff's search settings for the requested path (/admin/seo/page), applied by pageMeta; null when none. */
  pageSettings: PageSettings | null;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's data from a route's meta `matches`. */
export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}
