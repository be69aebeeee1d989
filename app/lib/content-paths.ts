import { staffPath } from "./staff-area";

/** The site's content as staff edit it: the clinic's settings and its offices (issue 19). */
export const CONTENT_PATH = staffPath("content");

/** The team members' list and editor (issue 19): /admin/content/team, …/new, …/{id}. */
export const TEAM_CONTENT_PATH = staffPath("content/team");
