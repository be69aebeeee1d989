// The one schema the app, the database client and drizzle-kit all read: every
// table lives in the file of the domain that owns it, and this index keeps
// `import … from "~/db/schema"` (and `import * as t`) whole.
export * from "./installation";
export * from "./content";
export * from "./blog";
export * from "./blog-generator";
export * from "./leads";
export * from "./analytics";
export * from "./staff";
export * from "./seo";
export * from "./uploads";
export * from "./search-console";
export * from "./seo-audit";
export * from "./ads";
export * from "./ads-measurement";
export * from "./images";
