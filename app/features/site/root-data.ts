import type { MeasurementConfig } from "~/features/consent/measurement-config";
import type { SiteFacts } from "~/features/content/site-content";

/** What the root loader gives every page. */
export interface RootData extends SiteFacts {
  /** Third-party measurement IDs (none by default); used only after the visitor consents. */
  measurement: MeasurementConfig;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's data from a route's meta `matches`. */
export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}
