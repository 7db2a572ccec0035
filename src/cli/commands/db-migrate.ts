import { openDatabase } from "../../../db/client";
import { describePostgres, migratePostgres } from "../../../db/postgres";
import { loadConfig } from "../../server/config";

const countApplied = (db: ReturnType<typeof openDatabase>) =>
  db.$client.query<{ n: number }, []>("select count(*) as n from __drizzle_migrations").get()?.n ?? 0;

const plural = (n: number) => `${n} migration${n === 1 ? "" : "s"}`;

/**
 * `memorial db migrate`: creates or upgrades the database: PostgreSQL when DATABASE_URL is set,
 * else the SQLite file under MEMORIAL_DATA_DIR.
 */
export const migrateDatabase = async (log: (line: string) => void = console.log) => {
  const { dataDir, DATABASE_URL } = loadConfig();
  if (DATABASE_URL) {
    const applied = await migratePostgres(DATABASE_URL);
    log(`Database ready: ${describePostgres(DATABASE_URL)} (${plural(applied)} applied in total).`);
    return;
  }
  // openDatabase applies every pending migration; running it again changes nothing.
  const db = openDatabase(dataDir);
  const applied = countApplied(db);
  db.$client.close();
  log(`Database ready in ${dataDir} (${plural(applied)} applied in total).`);
};
