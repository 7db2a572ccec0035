import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { programs } from "../../db/schema";
import { accountQuotaFrom, createProgram, createPrograms } from "../../src/server/programs/service";
import { sampleProgram } from "../../src/shared/sample-program";
import { programInputSchema } from "../../src/shared/schemas";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe("programs CRUD", () => {
  test("creates, lists newest first, reads, updates and deletes the user's programs", async () => {
    const client = app.client();
    await client.signUp();
    expect((await client.get("/api/programs")).json).toEqual([]);

    const first = await client.post("/api/programs", sampleProgram());
    expect(first.status).toBe(201);
    expect(first.json.id).toBeString();
    expect(first.json).toMatchObject(sampleProgram());
    const second = await client.post("/api/programs", { fullName: "Thomas Whitfield" });
    expect(second.status).toBe(201);
    // Every field the builder leaves alone gets the builder's default.
    expect(second.json).toMatchObject({
      colorTheme: "classic",
      fontStyle: "georgia",
      pageLayout: "standard",
      overlayEffect: "none",
      bookletPages: "8",
      serviceItems: [],
      location: "",
    });

    const list = await client.get("/api/programs");
    expect(list.json).toEqual([
      {
        id: second.json.id,
        fullName: "Thomas Whitfield",
        birthDate: "",
        passingDate: "",
        serviceDate: "",
        location: "",
      },
      {
        id: first.json.id,
        fullName: "Eleanor Grace Whitfield",
        birthDate: "1931-04-12",
        passingDate: "2025-02-28",
        serviceDate: "2025-03-08T11:00",
        location: "St. Andrew's Chapel, 14 Elm Street, Maple Grove",
      },
    ]);

    const updated = await client.put(`/api/programs/${first.json.id}`, {
      ...sampleProgram(),
      officiant: "Rev. John Park",
      serviceItems: [{ id: "s1", title: "Processional", person: "Organist", order: 1 }],
      tributes: [{ id: "t1", author: "James", relationship: "Son", message: "Mum, thank you." }],
    });
    expect(updated.status).toBe(200);
    const read = await client.get(`/api/programs/${first.json.id}`);
    expect(read.json.officiant).toBe("Rev. John Park");
    expect(read.json.serviceItems).toEqual([
      { id: "s1", title: "Processional", person: "Organist", order: 1 },
    ]);
    expect(read.json.tributes[0].message).toBe("Mum, thank you.");

    expect((await client.delete(`/api/programs/${first.json.id}`)).status).toBe(200);
    expect((await client.get(`/api/programs/${first.json.id}`)).status).toBe(404);
    expect((await client.get("/api/programs")).json).toHaveLength(1);
  });

  test("programs made in the same millisecond are still listed newest first", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    const sameMoment = new Date();
    const quota = accountQuotaFrom(app.config);
    const names = ["Ada First", "Ben Second", "Cy Third"];
    for (const fullName of names.slice(0, 2)) {
      await write(app.db, (tx) =>
        createProgram(tx, user.id, programInputSchema.parse({ fullName }), quota, sameMoment),
      );
    }
    await createPrograms(
      app.db,
      user.id,
      [programInputSchema.parse({ fullName: names[2] })],
      quota,
      sameMoment,
    );
    const list = await client.get("/api/programs");
    expect(list.json.map((p: { fullName: string }) => p.fullName)).toEqual(names.toReversed());
  });

  test("the booklet length round-trips, and programs saved without it print 8 pages", async () => {
    const client = app.client();
    await client.signUp();
    const created = await client.post("/api/programs", { ...sampleProgram(), bookletPages: "4" });
    expect(created.status).toBe(201);
    expect(created.json.bookletPages).toBe("4");
    expect((await client.get(`/api/programs/${created.json.id}`)).json.bookletPages).toBe("4");
    const { bookletPages: _, ...withoutLength } = { ...sampleProgram(), bookletPages: "4" };
    const updated = await client.put(`/api/programs/${created.json.id}`, withoutLength);
    expect(updated.json.bookletPages).toBe("8");
    // A row written without the column (as before the migration) gets the column's default.
    const [row] = await app.db.select().from(programs).where(eq(programs.id, created.json.id));
    if (!row) throw new Error("the program row is missing");
    const { bookletPages: __, ...oldRow } = row;
    await write(app.db, (tx) => tx.insert(programs).values({ ...oldRow, id: crypto.randomUUID() }));
    const old = (await client.get("/api/programs")).json.find(
      (p: { id: string }) => p.id !== created.json.id,
    );
    expect((await client.get(`/api/programs/${old.id}`)).json.bookletPages).toBe("8");
  });

  test("signed-out visitors get 401 on every call", async () => {
    const client = app.client();
    for (const [method, path] of [
      ["GET", "/api/programs"],
      ["POST", "/api/programs"],
      ["GET", "/api/programs/x"],
      ["PUT", "/api/programs/x"],
      ["DELETE", "/api/programs/x"],
    ] as const) {
      const res = await client.request(method, path, method === "POST" || method === "PUT" ? {} : undefined);
      expect(res.status).toBe(401);
    }
  });
});

describe("validation", () => {
  test.each([
    ["colorTheme", { colorTheme: "neon" }, "Colour theme must be one of"],
    ["fontStyle", { fontStyle: "comic-sans" }, "Font style must be one of"],
    ["pageLayout", { pageLayout: "zigzag" }, "Page layout must be one of"],
    ["overlayEffect", { overlayEffect: "sparkles" }, "Overlay effect must be one of"],
    ["bookletPages", { bookletPages: 6 }, "Booklet pages must be one of: 8, 4"],
    ["fullName", { fullName: ["Eleanor"] }, "Full name must be text"],
    ["birthDate", { birthDate: "12/04/1931" }, "Birth date must be a date like 1931-04-12"],
    ["passingDate", { passingDate: "2025-02-30" }, "Passing date must be a date like 1931-04-12"],
    ["serviceDate", { serviceDate: "next Tuesday" }, "Service date must be a date and time"],
    ["tributes", { tributes: "lovely words" }, "Tributes must be a list"],
    ["serviceItems.0.title", { serviceItems: [{ id: "a", order: 1 }] }, "Service item title must be text"],
    [
      "additionalPhotos",
      {
        additionalPhotos: Array.from({ length: 9 }, (_, i) => ({
          id: `p${i}`,
          url: `/api/photos/${i}`,
          order: i,
        })),
      },
      "Maximum 8 photos allowed",
    ],
    [
      "lifeReflections",
      { lifeReflections: "x".repeat(20001) },
      "Life reflections must be at most 20,000 characters",
    ],
  ])("a bad %s is a 400 naming the field, and nothing is written", async (path, override, message) => {
    const client = app.client();
    await client.signUp();
    const created = await client.post("/api/programs", sampleProgram());
    const before = await rowCount(app.db, programs);

    for (const res of [
      await client.post("/api/programs", { ...sampleProgram(), ...override }),
      await client.put(`/api/programs/${created.json.id}`, { ...sampleProgram(), ...override }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("VALIDATION");
      expect(res.json.message).toContain(message);
      expect(res.json.fields).toContainEqual({ path, message: expect.stringContaining(message) });
    }
    expect(await rowCount(app.db, programs)).toBe(before);
    expect((await client.get(`/api/programs/${created.json.id}`)).json).toMatchObject(sampleProgram());
  });

  test("a body that is not an object is a 400, not a crash", async () => {
    const client = app.client();
    await client.signUp();
    for (const body of ["null", "[]", "42", '"text"']) {
      const res = await client.post("/api/programs", body, { "content-type": "application/json" });
      expect(res.status).toBe(400);
    }
  });
});

describe("ownership", () => {
  test("another user's program is a 404 for every verb and stays untouched", async () => {
    const owner = app.client();
    await owner.signUp();
    const created = await owner.post("/api/programs", sampleProgram());
    const id = created.json.id;

    const stranger = app.client();
    await stranger.signUp();
    expect((await stranger.get(`/api/programs/${id}`)).status).toBe(404);
    expect((await stranger.put(`/api/programs/${id}`, { fullName: "Hijacked" })).status).toBe(404);
    expect((await stranger.delete(`/api/programs/${id}`)).status).toBe(404);
    expect((await stranger.get("/api/programs")).json).toEqual([]);

    const mine = await owner.get(`/api/programs/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.json.fullName).toBe("Eleanor Grace Whitfield");
  });
});

describe("restart", () => {
  test("programs and sessions survive a restart of the server", async () => {
    const first = await startTestApp();
    const client = first.client();
    await client.signUp();
    const created = await client.post("/api/programs", sampleProgram());
    await first.stop({ keepData: true });

    // The same data: its folder, and on PostgreSQL its database.
    const databaseUrl = first.config.DATABASE_URL;
    const second = await startTestApp({
      dataDir: first.dataDir,
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    });
    try {
      const again = second.client();
      again.cookie = client.cookie;
      const read = await again.get(`/api/programs/${created.json.id}`);
      expect(read.status).toBe(200);
      expect(read.json).toMatchObject(sampleProgram());
    } finally {
      await second.stop();
    }
  });
});
