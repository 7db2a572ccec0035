// What one account may keep and create, with billing off as on: programs, stored text, batches an hour.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { programs } from "../../db/schema";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp } from "../support/test-app";

// 20,000 characters of reflections and 10,000 of acknowledgments: about 30 KB stored.
const longProgram = (fullName: string) => ({
  fullName,
  lifeReflections: "She loved her garden and everyone in it. ".repeat(487),
  acknowledgments: "Thank you all. ".repeat(666),
});

let app: TestApp;
beforeAll(async () => {
  // No Stripe key: billing is off, so no plan limit applies and only the account quota does.
  app = await startTestApp({ env: { PROGRAMS_PER_ACCOUNT: "3", BATCHES_PER_HOUR: "3" } });
});
afterAll(() => app.stop());

describe("programs per account", () => {
  test("past PROGRAMS_PER_ACCOUNT a new program or batch is a 413 naming the limit, and nothing is written", async () => {
    const client = app.client();
    await client.signUp();
    for (const name of ["Ada", "Ben", "Cy"])
      expect((await client.post("/api/programs", { fullName: name })).status).toBe(201);
    const before = await rowCount(app.db, programs);
    const one = await client.post("/api/programs", { fullName: "Dee" });
    expect(one.status).toBe(413);
    expect(one.json.message).toContain("up to 3 programs");
    expect(one.json.message).toContain("nothing was saved");
    const other = app.client();
    await other.signUp();
    await other.post("/api/programs", { fullName: "Ed" });
    const batch = await other.post("/api/programs/batch", [
      { fullName: "Flo" },
      { fullName: "Gus" },
      { fullName: "Hal" },
    ]);
    expect(batch.status).toBe(413);
    expect(batch.json.message).toContain("up to 3 programs");
    expect(await rowCount(app.db, programs)).toBe(before + 1);
  });
});

describe("stored text per account", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { PROGRAM_STORAGE_MB: "1" } });
  });
  afterAll(() => app.stop());

  test("past PROGRAM_STORAGE_MB a batch, a new program or a save that grows is a 413; a save that does not grow passes", async () => {
    const client = app.client();
    await client.signUp();
    // Programs of ~30 KB: two fit; a batch that would make about 1.1 MB is refused whole.
    const made = await client.post("/api/programs/batch", [longProgram("Ada"), longProgram("Ben")]);
    expect(made.status).toBe(201);
    const before = await rowCount(app.db, programs);
    const other = app.client();
    await other.signUp();
    const huge = Array.from({ length: 36 }, (_, i) => longProgram(`Case ${i}`));
    const refused = await other.post("/api/programs/batch", huge);
    expect(refused.status).toBe(413);
    expect(refused.json.message).toContain("up to 1 MB of program text");
    expect(await rowCount(app.db, programs)).toBe(before);

    // Over the quota through a save that grows a program: refused, the stored one unchanged.
    const small = await other.post("/api/programs", { fullName: "Small" });
    const stored = await other.get(`/api/programs/${small.json.id}`);
    const filling = Array.from({ length: 34 }, (_, i) => longProgram(`Fill ${i}`));
    const kept = await other.post("/api/programs/batch", filling);
    expect(kept.status).toBe(201);
    const afterFilling = await rowCount(app.db, programs);
    const another = await other.post("/api/programs", longProgram("Another"));
    expect(another.status).toBe(413);
    expect(another.json.message).toContain("up to 1 MB of program text");
    expect(await rowCount(app.db, programs)).toBe(afterFilling);
    const grow = await other.put(`/api/programs/${small.json.id}`, {
      ...longProgram("Small"),
      version: stored.json.version,
    });
    expect(grow.status).toBe(413);
    expect((await other.get(`/api/programs/${small.json.id}`)).json.lifeReflections).toBe("");
    // A save that does not grow it is never refused, so an account at its quota can still edit.
    const rename = await other.put(`/api/programs/${small.json.id}`, {
      fullName: "Smaller",
      version: stored.json.version,
    });
    expect(rename.status).toBe(200);
  });
});

describe("batches per hour", () => {
  test("past BATCHES_PER_HOUR a batch is a 429 with Retry-After naming the limit, and nothing is written", async () => {
    const client = app.client();
    await client.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await client.post("/api/programs/batch", [{ fullName: `Batch ${i}` }])).status);
    expect(statuses).toEqual([201, 201, 201]);
    const before = await rowCount(app.db, programs);
    const refused = await client.post("/api/programs/batch", [{ fullName: "One too many" }]);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toContain("up to 3 batches an hour");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 50);
    expect(await rowCount(app.db, programs)).toBe(before);
  });
});
