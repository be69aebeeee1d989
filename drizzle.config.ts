import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema, read through app/db/schema/index.ts so
// drizzle-kit sees exactly the tables the app does. The server applies the
// committed migrations itself at start (never run drizzle-kit against a live
// PGlite directory: it has no cross-process lock).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./app/db/migrations",
});
