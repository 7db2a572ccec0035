// `memorial db migrate` with DATABASE_URL: PostgreSQL's migrations (db/migrations-pg) on a
// throwaway cluster, giving the same tables, columns and indexes as SQLite's.

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { openDatabase } from "../../db/client";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";
import { runCli } from "./run-cli";

let pg: ReturnType<typeof startPostgres>;
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = makeTempDir();
  dataDirs.push(dir);
  return dir;
};
beforeAll(() => {
  pg = startPostgres();
});
afterAll(() => {
  pg.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** table → sorted column names, from SQLite's catalogue. */
const sqliteColumns = (dataDir: string) => {
  openDatabase(dataDir).$client.close();
  const file = new Database(join(dataDir, "keepsake.sqlite"));
  const tables = file
    .query<{ name: string }, []>(
      "select name from sqlite_master where type = 'table' and name not like '\\_\\_%' escape '\\' and name not like 'sqlite_%'",
    )
    .all();
  const result = Object.fromEntries(
    tables.map(({ name }) => [
      name,
      file
        .query<{ name: string }, []>(`select name from pragma_table_info('${name}')`)
        .all()
        .map((c) => c.name)
        .sort(),
    ]),
  );
  file.close();
  return result;
};

const postgresColumns = async (url: string) => {
  const sql = new SQL(url);
  const rows: { table_name: string; column_name: string }[] = await sql`
    select table_name, column_name from information_schema.columns where table_schema = 'public'`;
  await sql.close();
  const tables = [...new Set(rows.map((row) => row.table_name))];
  return Object.fromEntries(
    tables.map((table) => [
      table,
      rows
        .filter((row) => row.table_name === table)
        .map((row) => row.column_name)
        .sort(),
    ]),
  );
};

test("two migrations at once both succeed, each migration applied once, giving SQLite's tables and columns", async () => {
  const url = await pg.createDatabase("migrate_twice");
  const env = { DATABASE_URL: url, MEMORIAL_DATA_DIR: dataDir() };
  const [first, second] = await Promise.all([
    runCli(["db", "migrate"], { env }),
    runCli(["db", "migrate"], { env }),
  ]);
  expect(first.stderr).toBe("");
  expect(first.exitCode).toBe(0);
  expect(second.exitCode).toBe(0);
  const { port } = new URL(url);
  expect(first.stdout).toMatch(
    new RegExp(
      `^Database ready: PostgreSQL migrate_twice on 127\\.0\\.0\\.1:${port} \\(\\d+ migrations? applied in total\\)\\.\\n$`,
    ),
  );
  expect(second.stdout).toBe(first.stdout);

  expect(await postgresColumns(url)).toEqual(sqliteColumns(dataDir()));
});

test("a DATABASE_URL that is not postgres:// stops with the variable's name, changing nothing", async () => {
  const result = await runCli(["db", "migrate"], { env: { DATABASE_URL: "mysql://db/keepsake" } });
  expect(result.exitCode).not.toBe(0);
  expect(result.stderr).toContain("DATABASE_URL: must be a postgres:// URL");
});

test("serving with DATABASE_URL stops at start-up saying PostgreSQL serving is not available yet, creating nothing", async () => {
  const dir = dataDir();
  rmSync(dir, { recursive: true, force: true });
  const result = await runCli(["serve"], {
    env: { DATABASE_URL: pg.url, PORT: "0", MEMORIAL_DATA_DIR: dir },
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.stderr).toContain("DATABASE_URL: serving from PostgreSQL is not available yet");
  expect(existsSync(dir)).toBe(false);
});
