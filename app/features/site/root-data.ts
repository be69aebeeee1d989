import type { MeasurementConfig } from "~/features/consent/measurement-config";
import type { MetaRoot, PageSettings } from "~/features/seo/page-meta";

/**
 * What the root loader gives every page. Routes read it as `matches[0].loaderData` in meta and in their
 * component: React Router lists the matches from the root down, so the root's is always the first, and
 * the route types give it this type (a route's meta runs, and its component renders, only when no
 * loader above it failed, so it is there). There is no helper for it: a module shared by the routes but
 * not by the root becomes a chunk of its own, one more script on every public page (decision 0008).
 */
export interface RootData extends MetaRoot {
  /** Third-party measurement IDs (none by default); used only after the visitor consents. */
  measurement: MeasurementConfig;
  /** Staff's search settings for the requested path (/admin/seo/page), applied by pageMeta; null when none. */
  pageSettings: PageSettings | null;
}
