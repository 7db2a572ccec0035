import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const fixture = (name: string) => readFileSync(join(import.meta.dir, "../../fixtures/cases", name), "utf8");

const signedIn = async () => {
  const client = app.client();
  await client.signUp();
  return client;
};

const programCount = (client: TestClient) =>
  client.get("/api/programs").then((res) => res.json.length as number);

// What each made-up export must become: the first case's program, and how many cases there are.
const FIXTURES = [
  {
    file: "passare-like.csv",
    cases: 3,
    first: {
      fullName: "Eleanor Grace Whitfield",
      preferredName: "Nell",
      birthDate: "1931-04-12",
      passingDate: "2025-02-28",
      serviceDate: "2025-03-14T11:00",
      location: "St. Andrew's Chapel, 14 Elm Street",
      officiant: "Rev. Margaret Ellison",
    },
  },
  {
    file: "gather-like.json",
    cases: 2,
    first: {
      fullName: "Margaret Ann O'Brien",
      preferredName: "Peggy",
      birthDate: "1940-07-19",
      serviceDate: "2025-03-07T10:30",
      location: "St. Brigid's Church",
      lifeReflections: "Peggy raised five children and a great many tomatoes.",
    },
  },
  {
    file: "osiris-like.csv",
    cases: 2,
    first: {
      fullName: "Harold Bennett",
      birthDate: "1931-04-12",
      passingDate: "2025-02-27",
      serviceDate: "2025-03-06T10:30",
      officiant: "Rev. Alan Price",
      lifeReflections: "Harold loved the sea;\nhe sailed until he was ninety.",
    },
  },
  {
    file: "tribute-like.json",
    cases: 2,
    first: {
      fullName: "Dorothy Mae Haines",
      preferredName: "Dot",
      birthDate: "1929-06-01",
      serviceDate: "2025-03-05T13:00",
      location: "Grace Lutheran Church",
    },
  },
];

describe("case import", () => {
  for (const { file, cases, first } of FIXTURES) {
    test(`${file}: the proposed mapping previews and imports every case`, async () => {
      const client = await signedIn();
      const content = fixture(file);
      const preview = await client.post("/api/integration/import/preview", { fileName: file, content });
      expect(preview.status).toBe(200);
      expect(preview.json).toMatchObject({ mappingSource: "suggested", totalRows: cases, problems: [] });
      expect(preview.json.previewRows[0]).toMatchObject(first);
      expect(await programCount(client)).toBe(0);

      const imported = await client.post("/api/integration/import", {
        fileName: file,
        content,
        mapping: preview.json.mapping,
      });
      expect(imported.status).toBe(201);
      expect(imported.json).toHaveLength(cases);
      const program = await client.get(`/api/programs/${imported.json[0].id}`);
      expect(program.json).toMatchObject(first);
    });
  }

  test("an edited mapping is saved per account and reused for the same columns", async () => {
    const client = await signedIn();
    const content = fixture("passare-like.csv");
    const { json: proposed } = await client.post("/api/integration/import/preview", {
      fileName: "a.csv",
      content,
    });
    const edited = { ...proposed.mapping, "Funeral Home": "location", "Service Location": "" };
    const imported = await client.post("/api/integration/import", {
      fileName: "a.csv",
      content,
      mapping: edited,
    });
    expect(imported.status).toBe(201);
    const again = await client.post("/api/integration/import/preview", { fileName: "b.csv", content });
    expect(again.json.mappingSource).toBe("saved");
    expect(again.json.mapping).toEqual(edited);
    expect(again.json.previewRows[0].location).toBe("Maple Grove Funeral Home");

    const other = await signedIn();
    const theirs = await other.post("/api/integration/import/preview", { fileName: "a.csv", content });
    expect(theirs.json.mappingSource).toBe("suggested");
  });

  test("every bad row and field is named, in the preview and by the import, and nothing is written", async () => {
    const client = await signedIn();
    const content = fixture("passare-like.csv")
      .replace("11/3/1948", "31/31/1948")
      .replace("Samuel,James,Lee", ",,")
      .replace("3/18/2025,10:00 AM", "next Tuesday,");
    const preview = await client.post("/api/integration/import/preview", { fileName: "p.csv", content });
    expect(preview.json.problems).toEqual([
      { row: 2, field: "birthDate", message: "Birth date must be a date like 1931-04-12" },
      { row: 3, field: "fullName", message: "Full name is required" },
      { row: 3, field: "serviceDate", message: "Service date must be a date and time like 2025-03-14T11:00" },
    ]);
    const imported = await client.post("/api/integration/import", {
      fileName: "p.csv",
      content,
      mapping: preview.json.mapping,
    });
    expect(imported.status).toBe(400);
    expect(imported.json.fields.map((f: { path: string }) => f.path)).toEqual([
      "rows.2.birthDate",
      "rows.3.fullName",
      "rows.3.serviceDate",
    ]);
    expect(imported.json.message).toContain("row 2: birthDate: Birth date must be a date like 1931-04-12");
    expect(await programCount(client)).toBe(0);
    const saved = await client.post("/api/integration/import/preview", { fileName: "p.csv", content });
    expect(saved.json.mappingSource).toBe("suggested");
  });

  test("a mapping naming a missing column or an unknown field, or an unreadable file, is a 400 naming it", async () => {
    const client = await signedIn();
    const content = fixture("tribute-like.json");
    const missing = await client.post("/api/integration/import", {
      fileName: "t.json",
      content,
      mapping: { full_name: "fullName", "Nope Column": "location" },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual([
      { path: "mapping.Nope Column", message: 'the file has no column "Nope Column"' },
    ]);
    const unknownField = await client.post("/api/integration/import", {
      fileName: "t.json",
      content,
      mapping: { full_name: "shoeSize" },
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.fields[0].path).toBe("mapping.full_name");
    const broken = await client.post("/api/integration/import/preview", {
      fileName: "t.json",
      content: "[{",
    });
    expect(broken.status).toBe(400);
    expect(broken.json.fields[0].path).toBe("content");
    expect(broken.json.message).toContain("could not be read as JSON");
    const noMapping = await client.post("/api/integration/import", { fileName: "t.json", content });
    expect(noMapping.status).toBe(400);
    expect(noMapping.json.fields[0].path).toBe("mapping");
    expect(await programCount(client)).toBe(0);
  });

  test("a case system can import with an API key; signed out is a 401", async () => {
    const client = await signedIn();
    const { json: key } = await client.post("/api/integration/keys", { name: "Gather" });
    const content = fixture("gather-like.json");
    const headers = { authorization: `Bearer ${key.key}`, "content-type": "application/json" };
    const { mapping } = await (
      await fetch(`${app.url}/api/integration/import/preview`, {
        method: "POST",
        headers,
        body: JSON.stringify({ fileName: "g.json", content }),
      })
    ).json();
    const imported = await fetch(`${app.url}/api/integration/import`, {
      method: "POST",
      headers,
      body: JSON.stringify({ fileName: "g.json", content, mapping }),
    });
    expect(imported.status).toBe(201);
    expect(await programCount(client)).toBe(2);
    const anonymous = await app
      .client()
      .post("/api/integration/import/preview", { fileName: "g.json", content });
    expect(anonymous.status).toBe(401);
  });
});
