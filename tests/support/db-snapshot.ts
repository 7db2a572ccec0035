import { readdirSync } from "node:fs";
import { join } from "node:path";
import { asc, count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { type AppDatabase, write } from "../../db/client";
import { photos, programs, sessions, users } from "../../db/schema";
import { LIMITS } from "../../src/shared/constants";

/** Every row of the user-data tables, each table in primary-key order (the same on both engines). */
const userDataRows = (db: AppDatabase) =>
  Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(sessions).orderBy(asc(sessions.tokenHash)),
    db.select().from(programs).orderBy(asc(programs.id)),
    db.select().from(photos).orderBy(asc(photos.id)),
  ]);

/** Every row of the user-data tables and every stored photo file, as one comparable string. */
export const snapshotData = async (db: AppDatabase, dataDir: string) => {
  const rows = (await userDataRows(db)).map((table) => JSON.stringify(table));
  let files: string[] = [];
  try {
    files = readdirSync(join(dataDir, "photos"), { recursive: true }).map(String).sort();
  } catch {
    // No photo stored yet.
  }
  return `${rows.join("\n")}\n${files.join(",")}`;
};

/** One account's rows: what another account's requests must never change. */
export const snapshotAccount = async (db: AppDatabase, userId: string) =>
  (
    await Promise.all([
      db.select().from(users).where(eq(users.id, userId)),
      db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.tokenHash)),
      db.select().from(programs).where(eq(programs.ownerId, userId)).orderBy(asc(programs.id)),
      db.select().from(photos).where(eq(photos.ownerId, userId)).orderBy(asc(photos.id)),
    ])
  )
    .map((table) => JSON.stringify(table))
    .join("\n");

/** How many rows `table` holds (matching `where` when given): what a refused request must leave unchanged. */
export const rowCount = async (db: AppDatabase, table: SQLiteTable, where?: SQL) =>
  (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the account's trial start back a day more than the trial lasts, so its trial is over. */
export const endTrial = (db: AppDatabase, userId: string) =>
  write(db, (tx) =>
    tx
      .update(users)
      .set({ trialStartedAt: new Date(Date.now() - (LIMITS.trialDays + 1) * DAY_MS) })
      .where(eq(users.id, userId)),
  );
