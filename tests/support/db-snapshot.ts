import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { AppDatabase } from "../../db/client";

const USER_TABLES = ["users", "sessions", "programs", "photos"] as const;

/** Every row of the user-data tables and every stored photo file, as one comparable string. */
export const snapshotData = (db: AppDatabase, dataDir: string) => {
  const rows = USER_TABLES.map((table) =>
    JSON.stringify(db.$client.query(`select * from ${table} order by rowid`).all()),
  );
  let files: string[] = [];
  try {
    files = readdirSync(join(dataDir, "photos"), { recursive: true }).map(String).sort();
  } catch {
    // No photo stored yet.
  }
  return `${rows.join("\n")}\n${files.join(",")}`;
};

/** Row counts per table: what a refused request must leave as it was. */
export const rowCounts = (db: AppDatabase) =>
  Object.fromEntries(
    USER_TABLES.map((table) => [
      table,
      (db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n,
    ]),
  );

/** One account's rows: what another account's requests must never change. */
export const snapshotAccount = (db: AppDatabase, userId: string) =>
  [
    "select * from users where id = ?1",
    "select * from sessions where user_id = ?1 order by token_hash",
    "select * from programs where owner_id = ?1 order by id",
    "select * from photos where owner_id = ?1 order by id",
  ]
    .map((sql) => JSON.stringify(db.$client.query(sql).all(userId)))
    .join("\n");
