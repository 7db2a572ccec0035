// Names are sacred and the proofreader catches what a careful one does: every name a program holds is
// kept as the program spells it (in any case, with or without accents) by the grammar check and every
// rewrite, words the checker does not know are left for the family, and a sample of the proofreading
// fixtures is corrected through the API (the whole set is measured in tests/bench/proofreading.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import correct from "../../fixtures/proofreading/correct.json";
import errors from "../../fixtures/proofreading/errors.json";
import { programInputSchema } from "../../src/shared/schemas";
import { WRITING_LIMITS } from "../../src/shared/writing";
import { protectedNamesOf } from "../../src/web/features/ai-writer/writing-actions";
import { startWithFamily, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let family: TestClient;

beforeAll(async () => {
  ({ app, family } = await startWithFamily({ env: { WRITING_CALLS_PER_MINUTE: "1000" } }));
});
afterAll(() => app.stop());

// One name in each kind of field a program has, most of them ones harper does not know.
const PROGRAM = programInputSchema.parse({
  fullName: "Zoë Ní Bhriain",
  preferredName: "Nonie",
  officiant: "Father Tadhg Ó Súilleabháin",
  pallbearers: "Oisín Kowalczyk\nSeánie Brennan, Ngozi Okafor",
  location: "St. Brigid's Church, Ballyhaunis",
  tributes: [{ id: "t1", author: "Siobhán Nic Amhlaoibh", relationship: "niece", message: "" }],
  serviceItems: [{ id: "s1", title: "Eulogy", person: "Renée Dubois", order: 0 }],
});
const NAMES = protectedNamesOf(PROGRAM);

// How a family types those names in a hurry: lower case, accents left out.
const TYPED = [
  ["zoe", "Zoë"],
  ["nonie", "Nonie"],
  ["tadhg", "Tadhg"],
  ["oisin", "Oisín"],
  ["seanie", "Seánie"],
  ["ngozi", "Ngozi"],
  ["ballyhaunis", "Ballyhaunis"],
  ["siobhan", "Siobhán"],
  ["renee", "Renée"],
] as const;

const text = TYPED.map(([typed], i) => `Memory ${i + 1} is of ${typed} at the lake.`).join(" ");

describe("names the program holds", () => {
  test("the web app sends a name from every kind of field", () => {
    expect(NAMES).toEqual([
      "Zoë Ní Bhriain",
      "Nonie",
      "Father Tadhg Ó Súilleabháin",
      "Oisín Kowalczyk",
      "Seánie Brennan",
      "Ngozi Okafor",
      "St. Brigid's Church",
      "Ballyhaunis",
      "Siobhán Nic Amhlaoibh",
      "Renée Dubois",
    ]);
  });

  test("a name typed in lower case or without accents is offered in the program's spelling, never a dictionary word", async () => {
    const res = await family.post("/api/writing/check-grammar", { text, protectedNames: NAMES });
    expect(res.status).toBe(200);
    const corrections = Object.fromEntries(
      res.json.grammarIssues.map((i: { issue: string; correction: string }) => [i.issue, i.correction]),
    );
    for (const [typed, spelling] of TYPED) {
      expect(corrections[typed]).toBe(spelling);
      expect(res.json.improvedText).toContain(` ${spelling} at the lake`);
    }
    expect(res.json.unknownWords).toEqual([]);
  });

  test("without the program's names, an unknown word is left as written and offered for the program's words", async () => {
    const res = await family.post("/api/writing/check-grammar", {
      text: "My grandmother zoe loved her garden.",
    });
    expect(res.json.improvedText).toBe("My grandmother zoe loved her garden.");
    expect(res.json.unknownWords).toEqual(["zoe"]);
    const issue = res.json.grammarIssues.find((i: { issue: string }) => i.issue === "zoe");
    expect(issue.correction).toBe("zoe");
    expect(issue.explanation).toContain("add it to this program's words");
  });

  test("a name that is also an everyday word stays as the family wrote it", async () => {
    const res = await family.post("/api/writing/check-grammar", {
      text: "Grace met every hardship with grace.",
      protectedNames: ["Grace Liu"],
    });
    expect(res.json.improvedText).toBe("Grace met every hardship with grace.");
    expect(res.json.grammarIssues).toEqual([]);
  });

  test("enhance and every tone keep each name", async () => {
    const story =
      "my grandmother zoe died in her sleep. She was very nice to renee and to everyone at the church.";
    const calls = [
      ["enhance", { context: "life reflections" }],
      ...["formal", "heartfelt", "celebratory", "peaceful"].map((tone) => ["adjust-tone", { tone }] as const),
    ] as const;
    for (const [path, extra] of calls) {
      const res = await family.post(`/api/writing/${path}`, { text: story, protectedNames: NAMES, ...extra });
      expect(res.status).toBe(200);
      expect(res.json.improvedText).toContain("Zoë");
      expect(res.json.improvedText).toContain("Renée");
      expect(res.json.improvedText).not.toMatch(/\bzone\b/i);
    }
  });

  test("too many names, or a name too long, is refused with the limit and writes nothing", async () => {
    const tooMany = Array.from({ length: WRITING_LIMITS.maxProtectedNames + 1 }, (_, i) => `Name ${i}`);
    const many = await family.post("/api/writing/check-grammar", { text: "Hello.", protectedNames: tooMany });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.json)).toContain(
      `at most ${WRITING_LIMITS.maxProtectedNames} protected names`,
    );
    const long = await family.post("/api/writing/enhance", {
      text: "Hello.",
      protectedNames: ["x".repeat(WRITING_LIMITS.maxNameChars + 1)],
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain("protected names must be at most");
    const notList = await family.post("/api/writing/adjust-tone", { text: "Hello.", protectedNames: "Zoë" });
    expect(notList.status).toBe(400);
    expect(JSON.stringify(notList.json)).toContain("Protected names must be a list");
  });
});

type Fixture = { text: string; expected?: string; names?: string[] };

// Every fifth sentence: the whole set runs in the benchmark, which reports the rates.
const sample = (set: readonly Fixture[]) => set.filter((_, i) => i % 5 === 0);

describe("a careful proofreader's catches", () => {
  test("a word named like an object's built-in property is text like any other", async () => {
    for (const text of ["constructor", "Her toString and __proto__ were hasOwnProperty."]) {
      const res = await family.post("/api/writing/check-grammar", { text });
      expect(res.status).toBe(200);
    }
  });

  test.each(sample(errors).map((f) => [f.text, f] as const))("corrects %j", async (_, fixture) => {
    const res = await family.post("/api/writing/check-grammar", {
      text: fixture.text,
      protectedNames: fixture.names ?? [],
    });
    expect(res.json.improvedText).toBe(fixture.expected);
  });

  test.each(sample(correct).map((f) => [f.text, f] as const))("leaves %j alone", async (_, fixture) => {
    const res = await family.post("/api/writing/check-grammar", {
      text: fixture.text,
      protectedNames: fixture.names ?? [],
    });
    expect(res.json.grammarIssues).toEqual([]);
    expect(res.json.improvedText).toBe(fixture.text);
  });
});
