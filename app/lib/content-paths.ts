import { staffPath } from "./staff-area";

/** The site's content as staff edit it: the clinic's settings and its offices (issue 19). */
export const CONTENT_PATH = staffPath("content");
