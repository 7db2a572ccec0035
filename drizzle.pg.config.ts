import { defineConfig } from "drizzle-kit";

// PostgreSQL migrations (DATABASE_URL=postgres://…), from the same tables as ./drizzle.config.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg.ts",
  out: "./db/migrations-pg",
});
