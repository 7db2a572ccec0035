import { openDatabase } from "../../../db/client";
import { loadConfig } from "../../server/config";

const countApplied = (db: ReturnType<typeof openDatabase>) =>
  db.$client.query<{ n: number }, []>("select count(*) as n from __drizzle_migrations").get()?.n ?? 0;

/** `memorial db migrate`: creates or upgrades the database under MEMORIAL_DATA_DIR. */
export const migrateDatabase = (log: (line: string) => void = console.log) => {
  const { dataDir } = loadConfig();
  // openDatabase applies every pending migration; running it again changes nothing.
  const db = openDatabase(dataDir);
  const applied = countApplied(db);
  db.$client.close();
  log(`Database ready in ${dataDir} (${applied} migration${applied === 1 ? "" : "s"} applied in total).`);
};
