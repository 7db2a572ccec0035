// designToolIntegration records the design tool's name (spec: "name of the last design tool used").
// Programs saved while it held the tool's id get the name from the migration, on both engines;
// anything else a family or a script stored is left exactly as it was.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import { closeDatabase, MIGRATIONS_DIR, openDatabase, write } from "../../db/client";
import { migratePostgres, openPostgresDatabase, PG_MIGRATIONS_DIR } from "../../db/postgres";
import { programs, users } from "../../db/schema";
import { programs as pgPrograms, users as pgUsers } from "../../db/schema-pg";
import { emptyProgramInput } from "../../src/shared/schemas";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";

const temp = makeTempDir("keepsake-tool-names-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of `folder` whose journal stops before the named migration: the database as it was. */
const migrationsBefore = (folder: string, tag: string) => {
  const copy = join(temp, `${tag}-${Math.random().toString(36).slice(2)}`);
  cpSync(folder, copy, { recursive: true });
  const journalPath = join(copy, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return copy;
};

const at = new Date("2025-03-14T11:00:00.000Z");
const owner = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  passwordHash: "hash",
  trialStartedAt: at,
  createdAt: at,
  updatedAt: at,
};
const stored = { p1: "indesign", p2: "canva", p3: "", p4: "My own tool", p5: "Adobe Photoshop" };
const expected = {
  p1: "Adobe InDesign",
  p2: "Canva",
  p3: "",
  p4: "My own tool",
  p5: "Adobe Photoshop",
};
// drizzle's insert names every column of the current table: a column a later migration adds is
// added for the insert and taken out again, so the rows go into the database as it was.
const LATER_COLUMNS = ["program_words"];
const withLaterColumns = async (run: (statement: string) => unknown, insert: () => Promise<unknown>) => {
  for (const column of LATER_COLUMNS) await run(`ALTER TABLE programs ADD COLUMN ${column} text`);
  await insert();
  for (const column of LATER_COLUMNS) await run(`ALTER TABLE programs DROP COLUMN ${column}`);
};

const rows = () =>
  Object.entries(stored).map(([id, designToolIntegration]) => ({
    ...emptyProgramInput(),
    id,
    ownerId: owner.id,
    designToolIntegration,
    createdAt: at,
    updatedAt: at,
  }));

test("SQLite: stored tool ids become the tools' names, other values stay", async () => {
  const dataDir = join(temp, "sqlite");
  const before = openDatabase(dataDir, migrationsBefore(MIGRATIONS_DIR, "0010_design_tool_names"));
  await withLaterColumns(
    (statement) => {
      const file = new Database(join(dataDir, "keepsake.sqlite"));
      file.run(statement);
      file.close();
    },
    () =>
      write(before, async (tx) => {
        await tx.insert(users).values(owner);
        await tx.insert(programs).values(rows());
      }),
  );
  await closeDatabase(before);

  const db = openDatabase(dataDir);
  const after = await db.select({ id: programs.id, tool: programs.designToolIntegration }).from(programs);
  await closeDatabase(db);
  expect(Object.fromEntries(after.map((row) => [row.id, row.tool]))).toEqual(expected);
});

test("PostgreSQL: stored tool ids become the tools' names, other values stay", async () => {
  const pg = startPostgres();
  try {
    const url = await pg.createDatabase("tool_names");
    await migratePostgres(url, migrationsBefore(PG_MIGRATIONS_DIR, "0003_design_tool_names"));
    const client = new SQL(url);
    const before = drizzle({ client });
    await before.insert(pgUsers).values(owner);
    await withLaterColumns(
      (statement) => client.unsafe(statement),
      () => before.insert(pgPrograms).values(rows()),
    );
    await client.close();

    const db = await openPostgresDatabase(url);
    await db.$client.close();
    const check = new SQL(url);
    const after = await drizzle({ client: check })
      .select({ id: pgPrograms.id, tool: pgPrograms.designToolIntegration })
      .from(pgPrograms);
    await check.close();
    expect(Object.fromEntries(after.map((row) => [row.id, row.tool]))).toEqual(expected);
  } finally {
    pg.stop();
  }
});
