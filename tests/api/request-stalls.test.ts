// No single request may hold the server: every parser of what users send gets an input as large as
// its route allows in the dimension it is weakest in, while health is asked again and again. A
// parse that grew quadratically once held every request for minutes; one on the request thread
// still holds them for as long as it takes, so these reads run on their own threads or are capped.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { heavyInputs, longestHealthWait } from "../support/health-latency";
import { startWithFamily, type TestApp, type TestClient } from "../support/test-app";

// The aim is ~100 ms; the bound leaves room for a busy test machine (a held thread shows as seconds).
const LONGEST_HEALTH_WAIT_MS = 400;

let app: TestApp;
let family: TestClient;
beforeAll(async () => {
  ({ app, family } = await startWithFamily());
});
afterAll(() => app.stop());

const preview = (fileName: string, content: string) =>
  family.post("/api/integration/import/preview", { fileName, content });

const programCount = async () => (await family.get("/api/programs")).json.length as number;

describe("case import preview", () => {
  test("JSON lists of cases each with a key of its own are refused at once, naming the cap they pass", async () => {
    for (const [cases, cap] of [
      [40_000, "more than 2,000 cases"],
      [2_000, "more than 300 different columns"],
    ] as const) {
      const { result, longestMs } = await longestHealthWait(family, () =>
        preview("cases.json", heavyInputs.distinctKeysJson(cases)),
      );
      expect(result.status).toBe(400);
      expect(result.json.message).toContain(cap);
      expect(result.json.fields[0].path).toBe("content");
      expect(longestMs).toBeLessThan(LONGEST_HEALTH_WAIT_MS);
    }
  });

  test("a case nested 100,000 levels deep is a 400 naming the nesting limit, not a 500", async () => {
    const res = await preview("cases.json", heavyInputs.deepJson());
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("nested more than 20 levels deep");
  });

  test("a 4 MB CSV is read off the request thread: health keeps answering while it is previewed", async () => {
    const { result, longestMs } = await longestHealthWait(family, () =>
      preview("cases.csv", heavyInputs.largeCsv()),
    );
    expect(result.status).toBe(200);
    expect(result.json.totalRows).toBe(1_600);
    expect(result.json.mapping["Full Name"]).toBe("fullName");
    expect(longestMs).toBeLessThan(LONGEST_HEALTH_WAIT_MS);
  });

  test("more cases than an export can hold, or more columns, are a 400 naming the cap; nothing is written", async () => {
    const before = await programCount();
    const rows = Array.from({ length: 2_001 }, (_, i) => `Ada ${i}`).join("\n");
    const manyRows = await preview("cases.csv", `Full Name\n${rows}`);
    expect(manyRows.status).toBe(400);
    expect(manyRows.json.message).toContain("more than 2,000 cases");
    const header = Array.from({ length: 301 }, (_, i) => `c${i}`).join(",");
    const manyColumns = await preview("cases.csv", `${header}\n${"x,".repeat(300)}x`);
    expect(manyColumns.status).toBe(400);
    expect(manyColumns.json.message).toContain("more than 300 different columns");
    const importing = await family.post("/api/integration/import", {
      fileName: "cases.csv",
      content: `${header}\nx`,
      mapping: {},
    });
    expect(importing.status).toBe(400);
    expect(await programCount()).toBe(before);
  });

  test("a column named like an object's built-in property is read as a column", async () => {
    const res = await preview("cases.json", JSON.stringify([{ constructor: "x", fullName: "Ada Lovelace" }]));
    expect(res.status).toBe(200);
    expect(res.json.columns).toEqual(["constructor", "fullName"]);
    const imported = await family.post("/api/integration/import", {
      fileName: "cases.json",
      content: JSON.stringify([{ fullName: "Ada Lovelace" }]),
      mapping: { fullName: "fullName", constructor: "" },
    });
    expect(imported.status).toBe(400);
    expect(imported.json.message).toContain('the file has no column "constructor"');
  });
});

describe("every other parser of what users send", () => {
  const longText = (chars: number, unit = "word, ") =>
    unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
  const cases: { name: string; send: () => ReturnType<TestClient["post"]>; status: number[] }[] = [
    {
      name: "a program with the most entries in every list and the longest texts",
      send: () =>
        family.post("/api/programs", {
          fullName: "Ada Lovelace",
          lifeReflections: longText(20_000),
          tributes: Array.from({ length: 40 }, (_, i) => ({
            id: `t${i}`,
            author: "Ada",
            message: longText(5_000),
          })),
        }),
      status: [201],
    },
    {
      name: "a program body of 5 MB in one list (far past its cap)",
      send: () =>
        family.post("/api/programs", {
          fullName: "Ada Lovelace",
          tributes: Array.from({ length: 120_000 }, (_, i) => ({ id: `t${i}`, author: "A", message: "x" })),
        }),
      status: [400],
    },
    {
      name: "a batch of 200 programs",
      send: () =>
        family.post(
          "/api/programs/batch",
          Array.from({ length: 200 }, (_, i) => ({ fullName: `Ada ${i}`, lifeReflections: longText(5_000) })),
        ),
      status: [201],
    },
    {
      name: "a chat message of 2,000 characters of one word",
      send: async () => {
        const session = await family.post("/api/chatbot/session", { title: "Support Chat" });
        return family.post("/api/chatbot/message", {
          sessionId: session.json.sessionId,
          message: longText(2_000, "pdf"),
        });
      },
      status: [200],
    },
    {
      name: "an error report with the longest stack",
      send: () =>
        family.post("/api/chatbot/error-report", {
          error: longText(2_000),
          stack: longText(8_000, "at x (y.js:1:1)\n"),
        }),
      status: [200, 201],
    },
    {
      name: "the writing helper's longest text without a sentence end",
      send: () => family.post("/api/writing/enhance", { text: longText(10_000, "and, "), context: "" }),
      status: [200],
    },
    {
      name: "the writing helper's longest text of one unbroken word",
      send: () => family.post("/api/writing/adjust-tone", { text: "a".repeat(10_000), tone: "formal" }),
      status: [200],
    },
    {
      name: "the grammar check of one unbroken word, then of a sentence",
      send: async () => {
        expect((await family.post("/api/writing/check-grammar", { text: "a".repeat(10_000) })).status).toBe(
          200,
        );
        return family.post("/api/writing/check-grammar", { text: "She were kind to every one." });
      },
      status: [200],
    },
  ];
  for (const { name, send, status } of cases) {
    test(`${name}: answered without a 500, and health keeps answering`, async () => {
      const { result, longestMs } = await longestHealthWait(family, send);
      expect(status).toContain(result.status);
      expect(longestMs).toBeLessThan(LONGEST_HEALTH_WAIT_MS);
    });
  }
});
