// The PostgreSQL tables derived from db/schema.ts (db/schema-pg.ts), on a throwaway cluster with
// the generated migrations: values come back as the SQLite schema gives them (Dates with their
// milliseconds, JSON as objects, defaults), and the keys and cascades hold.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openPostgresDatabase, type PostgresDatabase } from "../../db/postgres";
import { photos, programs, users } from "../../db/schema-pg";
import { emptyProgramInput } from "../../src/shared/schemas";
import { startPostgres } from "../support/postgres";

let pg: ReturnType<typeof startPostgres>;
let db: PostgresDatabase;
beforeAll(async () => {
  pg = startPostgres();
  db = await openPostgresDatabase(await pg.createDatabase("schema_pg"));
});
afterAll(async () => {
  await db.$client.close();
  pg.stop();
});

const at = new Date("2026-03-14T11:00:00.123Z");
const user = (id: string, email: string) => ({
  id,
  email,
  firstName: "Ada",
  lastName: "Lovelace",
  passwordHash: "hash",
  trialStartedAt: at,
  createdAt: at,
  updatedAt: at,
});

test("a user and a program read back as SQLite gives them: Dates to the millisecond, JSON, defaults", async () => {
  await db.insert(users).values(user("u1", "ada@example.com"));
  const input = emptyProgramInput();
  const tributes = [{ id: "t1", author: "Grace", relationship: "Friend", message: "Always kind." }];
  await db
    .insert(programs)
    .values({ ...input, tributes, id: "p1", ownerId: "u1", createdAt: at, updatedAt: at });

  const [stored] = await db.select().from(users).where(eq(users.id, "u1"));
  expect(stored).toMatchObject({ subscriptionTier: "free", trialStartedAt: at, stripeCustomerId: null });
  const [program] = await db.select().from(programs).where(eq(programs.id, "p1"));
  expect(program).toMatchObject({ tributes, serviceItems: input.serviceItems, version: 1, updatedAt: at });
  expect(program?.updatedAt.getTime()).toBe(at.getTime());
});

test("unique emails are refused, and deleting a user deletes what it owns", async () => {
  const duplicate = async () => await db.insert(users).values(user("u2", "ada@example.com"));
  const refused = await duplicate().then(
    () => undefined,
    (error: Error) => error.cause,
  );
  expect(String(refused)).toContain('unique constraint "users_email_unique"');
  await db.insert(photos).values({
    id: "ph1",
    ownerId: "u1",
    contentHash: "a".repeat(64),
    screenHash: "b".repeat(64),
    sourceHash: "c".repeat(64),
    width: 10,
    height: 10,
    mime: "image/jpeg",
    createdAt: at,
  });
  await db.delete(users).where(eq(users.id, "u1"));
  expect(await db.select().from(programs)).toEqual([]);
  expect(await db.select().from(photos)).toEqual([]);
});
