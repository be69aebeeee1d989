import { defineConfig } from "drizzle-kit";

// Only generates SQL from app/db/schema.ts; the server applies the committed
// migrations itself at start (never run drizzle-kit against a live PGlite
// directory: it has no cross-process lock).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
