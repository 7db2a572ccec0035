// `memorial db migrate` and `memorial serve` with DATABASE_URL: PostgreSQL's migrations
// (db/migrations-pg) on a throwaway cluster, giving the same tables, columns and indexes as
// SQLite's, and the server keeping its data there.

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { closeDatabase, openDatabase } from "../../db/client";
import { emptyProgramInput } from "../../src/shared/schemas";
import { startPostgres } from "../support/postgres";
import { startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";
import { REPO, runCli } from "./run-cli";

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
const sqliteColumns = async (dataDir: string) => {
  await closeDatabase(openDatabase(dataDir));
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

  expect(await postgresColumns(url)).toEqual(await sqliteColumns(dataDir()));
});

test("a DATABASE_URL that is not postgres:// stops with the variable's name, changing nothing", async () => {
  const result = await runCli(["db", "migrate"], { env: { DATABASE_URL: "mysql://db/keepsake" } });
  expect(result.exitCode).not.toBe(0);
  expect(result.stderr).toContain("DATABASE_URL: must be a postgres:// URL");
});

test("serving with a DATABASE_URL nobody answers stops at start-up in one line naming the database, not its password", async () => {
  // Nothing listens on port 1; the port after the cluster's could be another test's cluster.
  const unreachable = "postgres://keepsake:s3cret@127.0.0.1:1/keepsake";
  const result = await runCli(["serve"], {
    env: {
      DATABASE_URL: unreachable,
      PORT: "0",
      MEMORIAL_DATA_DIR: dataDir(),
      COOKIE_SECRET: "a secret every server shares",
    },
  });
  expect(result.exitCode).toBe(69);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toStartWith("Keepsake cannot start: PostgreSQL keepsake on 127.0.0.1:1: ");
  expect(result.stderr).not.toContain("s3cret");
});

test("serving with DATABASE_URL but no COOKIE_SECRET stops, naming the variable", async () => {
  const result = await runCli(["serve"], {
    env: { DATABASE_URL: pg.url, PORT: "0", MEMORIAL_DATA_DIR: dataDir(), COOKIE_SECRET: "" },
  });
  expect(result.exitCode).not.toBe(0);
  expect(result.stderr).toContain(
    "COOKIE_SECRET: set it, the same on every server, when DATABASE_URL is set",
  );
});

test("memorial serve with DATABASE_URL serves from PostgreSQL: what is saved is in its tables", async () => {
  const url = await pg.createDatabase("serve_from_pg");
  const server = await startServerProcess({
    dataDir: dataDir(),
    command: ["bun", join(REPO, "src/cli/main.ts"), "serve", "--port", "0", "--host", "127.0.0.1"],
    env: { DATABASE_URL: url, COOKIE_SECRET: "a secret every server shares" },
  });
  try {
    expect(server.startLine).toMatch(/^Keepsake is serving on http:\/\/localhost:\d+ \(PostgreSQL\)$/);
    const client = new TestClient(server.base);
    await client.signUp();
    const saved = await client.post("/api/programs", {
      ...emptyProgramInput(),
      fullName: "Margaret Ellen Hughes",
    });
    expect(saved.status).toBe(201);
    const sql = new Bun.SQL(url);
    const rows = await sql`select full_name from programs where id = ${saved.json.id}`;
    await sql.close();
    expect(rows).toEqual([{ full_name: "Margaret Ellen Hughes" }]);
  } finally {
    await server.stop();
  }
}, 30_000);
