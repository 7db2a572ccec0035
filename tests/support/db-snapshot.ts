import { readdirSync } from "node:fs";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client";
import { photos, programs, sessions, users } from "../../db/schema";

/** Every row of the user-data tables and every stored photo file, as one comparable string. */
export const snapshotData = async (db: AppDatabase, dataDir: string) => {
  const rows = await Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(sessions).orderBy(asc(sessions.tokenHash)),
    db.select().from(programs).orderBy(asc(programs.id)),
    db.select().from(photos).orderBy(asc(photos.id)),
  ]);
  let files: string[] = [];
  try {
    files = readdirSync(join(dataDir, "photos"), { recursive: true }).map(String).sort();
  } catch {
    // No photo stored yet.
  }
  return `${rows.map((table) => JSON.stringify(table)).join("\n")}\n${files.join(",")}`;
};

/** One account's rows: what another account's requests must never change. */
export const snapshotAccount = async (db: AppDatabase, userId: string) => {
  const rows = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.tokenHash)),
    db.select().from(programs).where(eq(programs.ownerId, userId)).orderBy(asc(programs.id)),
    db.select().from(photos).where(eq(photos.ownerId, userId)).orderBy(asc(photos.id)),
  ]);
  return rows.map((table) => JSON.stringify(table)).join("\n");
};
