import { Database } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { SQL as BunSql } from "bun";
import { is, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { PgDatabase } from "drizzle-orm/pg-core";
import { openPostgresDatabase } from "./postgres";
import * as schema from "./schema";

/**
 * The application's database: SQLite (bun:sqlite) by default, PostgreSQL when DATABASE_URL is set.
 * Typed as the SQLite form; a PostgreSQL database has the same query builders and, with the tables
 * of ./schema-pg.ts, the same row values, so services are written once. Services therefore keep to
 * what both dialects share: every query is awaited (never SQLite's `.get()/.all()/.run()`), every
 * insert, update and delete runs inside `write`, and no raw SQL names a dialect's own function.
 */
export type AppDatabase = Omit<SqliteDatabase, WriteOutsideTransaction | "$client" | SynchronousQuery>;
/** What the database object itself does not offer: each goes through `write(db, tx => …)`. */
type WriteOutsideTransaction = "insert" | "update" | "delete" | "transaction";
/** SQLite's synchronous raw queries, which PostgreSQL does not have. */
type SynchronousQuery = "run" | "all" | "get" | "values";
/** The driver's form, for this module alone: it opens transactions and closes the connection. */
type SqliteDatabase = ReturnType<typeof drizzle<typeof schema>> & { $client: Database };
/** A transaction `write` opened: the one place inserts, updates and deletes are written. */
export type Tx = Parameters<Parameters<SqliteDatabase["transaction"]>[0]>[0];
/** The database or a transaction on it, for reads that may run inside a caller's transaction. */
export type DbOrTx = AppDatabase | Tx;

/** Whether `db` is the PostgreSQL database (only code that must differ by dialect asks). */
export const isPostgres = (db: DbOrTx) => is(db, PgDatabase); // a PostgreSQL transaction is one too

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
  const db = drizzle(sqlite, { schema });
  withMigrationLock(dataDir, () => migrate(db, { migrationsFolder }));
  return db;
};

/** PostgreSQL when `databaseUrl` is set (migrated under its advisory lock), else SQLite under `dataDir`. */
export const openAppDatabase = async ({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<AppDatabase> => {
  if (!databaseUrl) return openDatabase(dataDir);
  const db = await openPostgresDatabase(databaseUrl);
  return db as unknown as AppDatabase;
};

/** The driver's own form of `db`, which only this module uses. */
const driverOf = (db: AppDatabase) => db as SqliteDatabase;

export const closeDatabase = async (db: AppDatabase) => {
  const { $client } = driverOf(db);
  if (isPostgres(db)) await ($client as unknown as BunSql).close();
  else $client.close();
};

/** Rows of a raw statement on either dialect (for the few queries drizzle's builders cannot say). */
export const rowsOf = async <Row>(db: DbOrTx, statement: SQL): Promise<Row[]> => {
  if (isPostgres(db)) return [...((await (db as unknown as PgExecutor).execute(statement)) as Row[])];
  return (db as SqliteDatabase | Tx).all<Row>(statement);
};
type PgExecutor = { execute(statement: SQL): Promise<unknown> };

/** One queue per SQLite database: its writes take turns, so a transaction can await safely. */
const sqliteWriteTurns = new WeakMap<object, Promise<unknown>>();
/**
 * The transaction the current async call chain runs in, so nested writes join it, with what is to
 * run once it commits.
 */
const openTransaction = new AsyncLocalStorage<{ db: AppDatabase; tx: Tx; afterCommit: (() => void)[] }>();

const runSqliteTransaction = async <T>(db: SqliteDatabase, body: () => Promise<T>) => {
  db.$client.exec("BEGIN IMMEDIATE");
  try {
    const result = await body();
    db.$client.exec("COMMIT");
    return result;
  } catch (error) {
    // SQLite may already have rolled back by itself (a full disk does that): the caller must see
    // the error that stopped the body, not a failed ROLLBACK.
    if (db.$client.inTransaction) db.$client.exec("ROLLBACK");
    throw error;
  }
};

/**
 * Runs `body` as one transaction: all of its writes or none. Every insert, update and delete goes
 * through here, with `tx` (a `write` inside a `write` joins the outer transaction).
 *
 * On PostgreSQL it is the pool's transaction. On SQLite the process has one connection, and
 * bun:sqlite's own transactions end at the body's first `await`; so the transaction is opened and
 * ended here, and writes take turns: while one transaction awaits, no other request's write can
 * slip into it or be rolled back with it. Reads are never queued (they may see a transaction's
 * writes before it commits, which is harmless for one process).
 */
export const write = async <T>(db: AppDatabase, body: (tx: Tx) => Promise<T>): Promise<T> => {
  const open = openTransaction.getStore();
  if (open?.db === db) return body(open.tx);
  const afterCommit: (() => void)[] = [];
  const inTransaction = (tx: Tx) => openTransaction.run({ db, tx, afterCommit }, () => body(tx));
  const driver = driverOf(db);
  let result: T;
  if (isPostgres(db)) {
    result = await (driver.transaction((tx) => inTransaction(tx) as never) as Promise<T>);
  } else {
    const previous = sqliteWriteTurns.get(db) ?? Promise.resolve();
    // The one connection is inside the transaction BEGIN opened, so the database serves as `tx`.
    const turn = previous.then(() =>
      runSqliteTransaction(driver, () => inTransaction(driver as unknown as Tx)),
    );
    // The next write waits for this one to end, whether it committed or not.
    sqliteWriteTurns.set(
      db,
      turn.catch(() => undefined),
    );
    result = await turn;
  }
  // Back in the caller's context, outside the finished transaction: a write an effect starts is a
  // transaction of its own.
  for (const effect of afterCommit) effect();
  return result;
};

/**
 * Runs `effect` once the `write` on `db` this call is inside commits, and never if it rolls back;
 * outside a write, at once. For what must not be seen before the data it follows is (a webhook
 * sent for a program that was then not saved).
 */
export const afterCommit = (db: AppDatabase, effect: () => void) => {
  const open = openTransaction.getStore();
  if (open?.db === db) open.afterCommit.push(effect);
  else effect();
};

// Advisory locks of the two-number form, in a space of their own: the migrations' one-number lock
// (and pg-boss's) can never be taken by one of these keys.
const ADVISORY_LOCK_SPACE = 7_411_204;

/**
 * Inside a `write`: makes other transactions that hold the same `scope` and `key` wait until this
 * one ends, so a rule read and then written (a plan's program limit, a photo no program shows)
 * still holds when several servers share the database. PostgreSQL's READ COMMITTED alone would
 * let two transactions both read the old state; its advisory lock makes them take turns. On SQLite
 * it does nothing: writes already take turns there.
 */
export const holdUntilCommit = async (tx: Tx, scope: string, key: string) => {
  if (!isPostgres(tx)) return;
  await rowsOf(tx, sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_SPACE}, hashtext(${`${scope}:${key}`}))`);
};

/** Holds one account's rows for the rules that span them: its program count, the photos its programs show. */
export const holdAccount = (tx: Tx, userId: string) => holdUntilCommit(tx, "account", userId);
