// The compiler refuses what tests/db/dialect-neutral.test.ts refuses on the database object: each
// `@ts-expect-error` below fails `bun run typecheck` the day the line compiles again. What the type
// cannot see (SQLite's `.get()/.all()/.run()` on a query builder) the dialect test still catches.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { type AppDatabase, closeDatabase, type DbOrTx, openDatabase, write } from "../../db/client";
import { users } from "../../db/schema";
import { makeTempDir } from "../support/test-app";

const refusedByTheCompiler = (db: AppDatabase, dbOrTx: DbOrTx) => [
  // @ts-expect-error: an insert, update or delete goes through write(db, tx => …)
  () => db.insert(users),
  // @ts-expect-error: as above
  () => db.update(users),
  // @ts-expect-error: as above
  () => db.delete(users),
  // @ts-expect-error: a function given the database or a transaction may only read
  () => dbOrTx.insert(users),
  // @ts-expect-error: a transaction is opened by write()
  () => db.transaction(() => undefined),
  // @ts-expect-error: the driver's client stays inside db/
  () => db.$client,
  // @ts-expect-error: SQLite's synchronous raw query, which PostgreSQL lacks
  () => db.all("select 1"),
];

const temp = makeTempDir("keepsake-app-database-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test("what the type hides is still there for write(): a write commits and reads back", async () => {
  expect(refusedByTheCompiler).toBeFunction();
  const db = openDatabase(temp);
  const at = new Date();
  await write(db, (tx) =>
    tx.insert(users).values({
      id: "u1",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      passwordHash: "x",
      trialStartedAt: at,
      createdAt: at,
      updatedAt: at,
    }),
  );
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, "u1"));
  await closeDatabase(db);
  expect(row?.email).toBe("ada@example.com");
});
