import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sampleProgram } from "../../src/shared/sample-program";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let client: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  client = app.client();
  await client.signUp();
});
afterAll(() => app.stop());

const create = async () => (await client.post("/api/programs", sampleProgram())).json;

describe("optimistic concurrency on programs", () => {
  test("a new program is version 1 and every save raises it", async () => {
    const created = await create();
    expect(created.version).toBe(1);
    const saved = await client.put(`/api/programs/${created.id}`, { ...sampleProgram(), version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.json.version).toBe(2);
    expect((await client.get(`/api/programs/${created.id}`)).json.version).toBe(2);
  });

  test("two tabs: the stale save gets 409 with the current program, and nothing is overwritten", async () => {
    const { id } = await create();
    const first = await client.put(`/api/programs/${id}`, {
      ...sampleProgram(),
      fullName: "Tab one",
      version: 1,
    });
    expect(first.status).toBe(200);
    const stale = await client.put(`/api/programs/${id}`, {
      ...sampleProgram(),
      fullName: "Tab two",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe("CONFLICT");
    expect(stale.json.message).toContain("changed in another tab");
    expect(stale.json.current).toMatchObject({ id, fullName: "Tab one", version: 2 });
    expect((await client.get(`/api/programs/${id}`)).json.fullName).toBe("Tab one");
    // "Keep mine": saving again on top of the version now read wins, deliberately.
    const kept = await client.put(`/api/programs/${id}`, {
      ...sampleProgram(),
      fullName: "Tab two",
      version: 2,
    });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ fullName: "Tab two", version: 3 });
  });

  test("of many saves racing on one version exactly one wins", async () => {
    const { id } = await create();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.put(`/api/programs/${id}`, { ...sampleProgram(), fullName: `Racer ${i}`, version: 1 }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = answers.find((a) => a.status === 200)?.json.fullName;
    expect((await client.get(`/api/programs/${id}`)).json).toMatchObject({ fullName: winner, version: 2 });
  });

  test("a bad version is a 400 naming the field, and another user's program stays a 404", async () => {
    const { id } = await create();
    for (const version of ["2", 0, 1.5, -1]) {
      const res = await client.put(`/api/programs/${id}`, { ...sampleProgram(), version });
      expect(res.status).toBe(400);
      expect(res.json.fields[0].path).toBe("version");
    }
    const stranger = app.client();
    await stranger.signUp();
    const res = await stranger.put(`/api/programs/${id}`, { ...sampleProgram(), version: 1 });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("current");
  });
});
