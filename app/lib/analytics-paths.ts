import { staffPath } from "./staff-area";

/**
 * The analytics dashboard's addresses. Apart from staff-area.ts, which the
 * public pages import: these reach only the staff area's bundles.
 */
export const ANALYTICS_PATH = staffPath("analytics");
export const ANALYTICS_FUNNEL_PATH = staffPath("analytics/funnel");
export const ANALYTICS_REALTIME_PATH = staffPath("analytics/realtime");
export const ANALYTICS_SPEED_PATH = staffPath("analytics/speed");
export const ANALYTICS_SETTINGS_PATH = staffPath("analytics/settings");
export const ANALYTICS_EXPORT_PATH = staffPath("analytics/export.csv");

/** A breakdown's full list: /admin/analytics/details/<dimension>. */
export const analyticsDetailsPath = (report: string) => staffPath(`analytics/details/${report}`);
