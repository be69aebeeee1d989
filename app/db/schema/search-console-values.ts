// Search Console's search types as plain values, apart from the tables: the import form needs them in
// the browser, and importing them from the tables' file would bring every table of the schema and
// drizzle's column builders with them.

/** Search Console's search types (its Filters.csv writes them Web, Image, Video, News). */
export const searchConsoleSearchTypes = ["web", "image", "video", "news"] as const;
export type SearchConsoleSearchType = (typeof searchConsoleSearchTypes)[number];
