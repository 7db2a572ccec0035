// afterCommit: what follows a write (sending its webhooks) runs once the write is stored for good,
// never for one rolled back, and in a transaction of its own; on both engines.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { type AppDatabase, afterCommit, closeDatabase, openAppDatabase, write } from "../../db/client";
import { chatSessions } from "../../db/schema";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";

let pg: ReturnType<typeof startPostgres>;
const dataDir = makeTempDir();
const engines: Record<string, AppDatabase> = {};
beforeAll(async () => {
  pg = startPostgres();
  engines.sqlite = await openAppDatabase({ dataDir });
  engines.postgres = await openAppDatabase({ dataDir, databaseUrl: await pg.createDatabase("after_commit") });
}, 60_000);
afterAll(async () => {
  for (const db of Object.values(engines)) await closeDatabase(db);
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const session = (id: string) => ({
  id,
  visitorId: "v1",
  kind: "support" as const,
  title: "Support Chat",
  status: "active" as const,
  context: {},
  createdAt: new Date(),
  updatedAt: new Date(),
});
const stored = async (db: AppDatabase, id: string) =>
  (await db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.id, id))).length === 1;

for (const engine of ["sqlite", "postgres"]) {
  describe(engine, () => {
    const db = () => engines[engine] as AppDatabase;

    test("an effect asked for inside a write runs once it has committed, and sees what it wrote", async () => {
      const seen: boolean[] = [];
      await write(db(), async (tx) => {
        await tx.insert(chatSessions).values(session(`${engine}-committed`));
        afterCommit(db(), () => {
          seen.push(true);
        });
        // A nested write joins the transaction: its effect waits for the outer commit too.
        await write(db(), async () => afterCommit(db(), () => void seen.push(false)));
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([true, false]);
      expect(await stored(db(), `${engine}-committed`)).toBe(true);
    });

    test("a write that rolls back runs none of its effects", async () => {
      let ran = false;
      const failed = write(db(), async (tx) => {
        await tx.insert(chatSessions).values(session(`${engine}-rolled-back`));
        afterCommit(db(), () => {
          ran = true;
        });
        throw new Error("the save failed");
      });
      await expect(failed).rejects.toThrow("the save failed");
      expect(ran).toBe(false);
      expect(await stored(db(), `${engine}-rolled-back`)).toBe(false);
    });

    test("an effect's own write is a transaction of its own, not the finished one", async () => {
      let effectWrite: Promise<unknown> = Promise.resolve();
      await write(db(), async (tx) => {
        await tx.insert(chatSessions).values(session(`${engine}-outer`));
        afterCommit(db(), () => {
          effectWrite = write(db(), (own) => own.insert(chatSessions).values(session(`${engine}-effect`)));
        });
      });
      await effectWrite;
      expect(await stored(db(), `${engine}-effect`)).toBe(true);
    });

    test("outside a write an effect runs at once", () => {
      let ran = false;
      afterCommit(db(), () => {
        ran = true;
      });
      expect(ran).toBe(true);
    });
  });
}
