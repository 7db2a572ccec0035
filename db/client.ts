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

/** Beside the database: holding it locked is what lets one process at a time migrate. */
export const MIGRATION_LOCK_FILE = "keepsake.migrate-lock.sqlite";
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Runs `migrate` while holding an exclusive SQLite lock on the lock file, so `memorial db migrate`
 * and a server starting at the same moment cannot both apply a migration: the second waits, then
 * finds nothing pending. SQLite's file lock ends with its process, so a crash leaves no stale lock.
 */
const withMigrationLock = (dataDir: string, migrate: () => void) => {
  const lock = new Database(join(dataDir, MIGRATION_LOCK_FILE), { create: true });
  try {
    lock.exec(`PRAGMA busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    lock.exec("BEGIN EXCLUSIVE");
    try {
      migrate();
    } finally {
      lock.exec("ROLLBACK");
    }
  } finally {
    lock.close();
  }
};

/** Opens (creating if needed) the SQLite file under `dataDir` and applies pending migrations. */
export const openDatabase = (dataDir: string, migrationsFolder = MIGRATIONS_DIR): AppDatabase => {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, "keepsake.sqlite"), { create: true, strict: true });
  // Without busy_timeout concurrent writers fail with SQLITE_BUSY instead of waiting their turn.
  // busy_timeout first: switching to WAL needs a lock another starting process may hold.
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  const db = drizzle(sqlite, { schema }) as AppDatabase;
  withMigrationLock(dataDir, () => migrate(db, { migrationsFolder }));
  return db;
};
