// Durability: a photo file on disk is trusted only when its bytes match its hash, and migrations
// run under a lock so `memorial db migrate` and a starting server cannot apply one twice.
import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATION_LOCK_FILE, MIGRATIONS_DIR } from "../../db/client";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { runCli } from "../cli/run-cli";
import { makeTempDir, testDatabaseEngine } from "../support/test-app";

const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const journalEntries = () =>
  (JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: unknown[] })
    .entries.length;
const appliedMigrations = (dataDir: string) => {
  const db = new Database(join(dataDir, "keepsake.sqlite"), { readonly: true });
  try {
    return db.query<{ n: number }, []>("select count(*) as n from __drizzle_migrations").get()?.n;
  } finally {
    db.close();
  }
};

test("a truncated photo file left on disk is written again, not trusted", async () => {
  const dataDir = tempDir();
  const storage = createLocalPhotoStorage(dataDir);
  const bytes = crypto.getRandomValues(new Uint8Array(4096));
  const hash = sha256(bytes);
  await storage.put(hash, bytes);
  const path = join(dataDir, "photos", hash.slice(0, 2), hash);
  writeFileSync(path, bytes.subarray(0, 100)); // what a crash mid-write could leave
  await storage.put(hash, bytes);
  expect(sha256(new Uint8Array(readFileSync(path)))).toBe(hash);
});

// The SQLite migration lock and file; PostgreSQL's advisory lock is tested in tests/cli/db-migrate-postgres.test.ts.
const sqliteOnly = test.skipIf(testDatabaseEngine === "postgres");

sqliteOnly(
  "a migration waits for the lock another process holds, then applies each migration once",
  async () => {
    const dataDir = tempDir();
    const env = { MEMORIAL_DATA_DIR: dataDir };
    const lock = new Database(join(dataDir, MIGRATION_LOCK_FILE), { create: true });
    lock.exec("BEGIN EXCLUSIVE");
    let finished = false;
    const migrating = runCli(["db", "migrate"], { env }).then((result) => {
      finished = true;
      return result;
    });
    await Bun.sleep(1500);
    expect(finished).toBe(false);
    lock.exec("ROLLBACK");
    lock.close();
    expect((await migrating).exitCode).toBe(0);
    expect(appliedMigrations(dataDir)).toBe(journalEntries());
  },
  30_000,
);

sqliteOnly(
  "two migrations started at once both succeed and apply each migration once",
  async () => {
    const dataDir = tempDir();
    const env = { MEMORIAL_DATA_DIR: dataDir };
    const results = await Promise.all([
      runCli(["db", "migrate"], { env }),
      runCli(["db", "migrate"], { env }),
    ]);
    expect(results.map((r) => [r.exitCode, r.stderr])).toEqual([
      [0, ""],
      [0, ""],
    ]);
    expect(appliedMigrations(dataDir)).toBe(journalEntries());
  },
  30_000,
);
