import { staffPath } from "./staff-area";

/**
 * The addresses of the lead pages, apart from staff-area.ts: the public
 * pages load that one (to tell the staff area apart), and must not carry
 * these with it.
 */

/** Lead insights (spec §2): the report of counts and rates, open to marketing too. */
export const LEAD_INSIGHTS_PATH = staffPath("lead-insights");
/** The inbox: leads as people, for intake and administrators (access.ts). */
export const LEADS_INBOX_PATH = `${LEAD_INSIGHTS_PATH}/leads`;
/** The settings of the lead work (promise, retention, digest), for administrators. */
export const LEAD_SETTINGS_PATH = `${LEAD_INSIGHTS_PATH}/settings`;

/**
 * One lead's page. Its id is random (a UUID): the address names no one, so
 * the staff e-mail for a new lead may carry it.
 */
export function leadPagePath(id: string): string {
  return `${LEADS_INBOX_PATH}/${encodeURIComponent(id)}`;
}
