import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "./schema";

export type AppDatabase = ReturnType<typeof drizzle<typeof schema>> & { $client: Database };
/** The database or a transaction on it, for writes that must join the caller's transaction. */
export type DbOrTx = AppDatabase | Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Where the SQL migrations live; resolved from this file so `bun run`, tests and builds agree. */
export const MIGRATIONS_DIR = join(import.meta.dir, "migrations");

/** Opens (creating if needed) the SQLite file under `dataDir` and applies pending migrations. */
export const openDatabase = (dataDir: string, migrationsFolder = MIGRATIONS_DIR): AppDatabase => {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, "keepsake.sqlite"), { create: true, strict: true });
  // Without busy_timeout concurrent writers fail with SQLITE_BUSY instead of waiting their turn.
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  const db = drizzle(sqlite, { schema }) as AppDatabase;
  migrate(db, { migrationsFolder });
  return db;
};
