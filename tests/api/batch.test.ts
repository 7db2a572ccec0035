import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const service = (fullName: string, extra: Record<string, unknown> = {}) => ({
  fullName,
  preferredName: "",
  birthDate: "1931-04-12",
  passingDate: "2025-03-01",
  serviceDate: "2025-03-14T11:00",
  location: "St. Mary's Chapel",
  mainPhotoUrl: "",
  lifeReflections: "",
  scripture: "",
  officiant: "",
  pallbearers: "",
  acknowledgments: "",
  serviceItems: [],
  additionalPhotos: [],
  tributes: [],
  colorTheme: "classic",
  fontStyle: "georgia",
  pageLayout: "standard",
  overlayEffect: "none",
  backgroundImage: "",
  designToolIntegration: "",
  ...extra,
});

describe("POST /api/programs/batch", () => {
  test("creates every program and answers their ids and names in order", async () => {
    const client = app.client();
    await client.signUp();
    const res = await client.post("/api/programs/batch", [
      service("Eleanor Whitfield"),
      service("José Núñez", { colorTheme: "ocean" }),
    ]);
    expect(res.status).toBe(201);
    expect(res.json.map((p: any) => p.fullName)).toEqual(["Eleanor Whitfield", "José Núñez"]);
    for (const { id } of res.json) expect(typeof id).toBe("string");

    const second = await client.get(`/api/programs/${res.json[1].id}`);
    expect(second.json.colorTheme).toBe("ocean");
    expect(second.json.location).toBe("St. Mary's Chapel");
    const list = await client.get("/api/programs");
    expect(list.json).toHaveLength(2);
  });

  test("one invalid item creates nothing and the 400 names its index and field", async () => {
    const client = app.client();
    await client.signUp();
    const res = await client.post("/api/programs/batch", [
      service("Good One"),
      service("Good Two"),
      service("Bad Theme", { colorTheme: "purple" }),
    ]);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION");
    expect(res.json.message).toContain("item 2: colorTheme: Colour theme must be one of");
    expect(res.json.fields).toEqual([
      { path: "2.colorTheme", message: expect.stringContaining("Colour theme") },
    ]);
    const list = await client.get("/api/programs");
    expect(list.json).toEqual([]);
  });

  test("an empty list, a non-list and a bad date are refused", async () => {
    const client = app.client();
    await client.signUp();
    const empty = await client.post("/api/programs/batch", []);
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("Please add at least one service to generate programs");
    const notList = await client.post("/api/programs/batch", { fullName: "x" });
    expect(notList.status).toBe(400);
    const badDate = await client.post("/api/programs/batch", [service("A", { birthDate: "12/04/1931" })]);
    expect(badDate.status).toBe(400);
    expect(badDate.json.message).toBe("item 0: birthDate: Birth date must be a date like 1931-04-12");
    expect((await client.get("/api/programs")).json).toEqual([]);
  });

  test("partial items take the builder's defaults", async () => {
    const client = app.client();
    await client.signUp();
    const res = await client.post("/api/programs/batch", [{ fullName: "Only A Name" }]);
    expect(res.status).toBe(201);
    const program = await client.get(`/api/programs/${res.json[0].id}`);
    expect(program.json).toMatchObject({ fullName: "Only A Name", colorTheme: "classic", tributes: [] });
  });

  test("needs a signed-in user", async () => {
    const res = await app.client().post("/api/programs/batch", [service("A")]);
    expect(res.status).toBe(401);
  });
});
