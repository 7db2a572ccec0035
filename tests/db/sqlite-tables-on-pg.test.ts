// Services build queries with db/schema.ts's (SQLite's) tables on both engines. On PostgreSQL the
// values must still be bound and read as PostgreSQL's columns take them (db/sqlite-tables-on-pg.ts):
// Dates as timestamps, JSON as jsonb, bigints as numbers, in plain queries, conditions, returning
// clauses, prepared statements and transactions.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { type AppDatabase, closeDatabase, isPostgres, openAppDatabase, rowsOf, write } from "../../db/client";
import { preparedFor } from "../../db/prepared";
import { chatMessages, chatSessions, errorReports } from "../../db/schema";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";

let pg: ReturnType<typeof startPostgres>;
let db: AppDatabase;
const dataDir = makeTempDir(); // unused on PostgreSQL, but the database is opened as the server does
beforeAll(async () => {
  pg = startPostgres();
  db = await openAppDatabase({
    dataDir,
    databaseUrl: await pg.createDatabase("sqlite_tables_on_pg"),
  });
});
afterAll(async () => {
  await closeDatabase(db);
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const at = new Date("2026-03-14T11:00:00.123Z");
const later = new Date(at.getTime() + 1);

test("Dates, JSON and integers round-trip through SQLite's tables, in a transaction and out", async () => {
  const returned = await write(db, async (tx) => {
    expect(isPostgres(tx)).toBe(true);
    await tx.insert(chatSessions).values({
      id: "s1",
      visitorId: "v1",
      kind: "support",
      title: "Support Chat",
      status: "active",
      context: { currentPage: "landing" },
      createdAt: at,
      updatedAt: at,
    });
    return tx
      .insert(chatMessages)
      .values([
        { id: "m1", sessionId: "s1", role: "assistant", content: "Hello", createdAt: at },
        {
          id: "m2",
          sessionId: "s1",
          role: "user",
          content: "Hi",
          metadata: { crisis: false },
          createdAt: later,
        },
      ])
      .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  });
  expect(returned).toEqual([
    { id: "m1", createdAt: at },
    { id: "m2", createdAt: later },
  ]);
  const [session] = await db.select().from(chatSessions).where(eq(chatSessions.id, "s1"));
  expect(session).toMatchObject({ context: { currentPage: "landing" }, createdAt: at });
  // A Date bound in a condition compares as a timestamp, to the millisecond.
  const newer = await db
    .select({ id: chatMessages.id, metadata: chatMessages.metadata })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, "s1"), gt(chatMessages.createdAt, at)));
  expect(newer).toEqual([{ id: "m2", metadata: { crisis: false } }]);
  const [raw] = await rowsOf<{ created: Date }>(
    db,
    sql`select ${chatMessages.createdAt} as created from ${chatMessages} where ${chatMessages.id} = ${"m1"}`,
  );
  expect(new Date(raw?.created ?? 0).getTime()).toBe(at.getTime());
});

test("bigints come back as numbers, also through SQL arithmetic and prepared statements", async () => {
  await write(db, async (tx) => {
    await tx.insert(errorReports).values({
      id: "r1",
      fingerprint: "f",
      type: "auto",
      errorType: "network_error",
      page: "/",
      message: "Failed to fetch",
      stack: "",
      statusCode: 502,
      userAgent: "test",
      count: 1,
      firstSeenAt: at,
      lastSeenAt: at,
    });
    await tx
      .update(errorReports)
      .set({ count: sql`${errorReports.count} + 1`, lastSeenAt: later })
      .where(inArray(errorReports.id, ["r1"]));
  });
  const byFingerprint = preparedFor("test_report_by_fingerprint", (d) =>
    d
      .select({
        count: errorReports.count,
        statusCode: errorReports.statusCode,
        lastSeenAt: errorReports.lastSeenAt,
      })
      .from(errorReports)
      .where(eq(errorReports.fingerprint, sql.placeholder("fingerprint")))
      .orderBy(asc(errorReports.id)),
  );
  expect(await byFingerprint(db).execute({ fingerprint: "f" })).toEqual([
    { count: 2, statusCode: 502, lastSeenAt: later },
  ]);
});
