// A program's words (issue 24): words the checker did not know that the family added, kept on the
// program, sent with every check as names are, and never flagged again.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { programs } from "../../db/schema";
import { LIMITS } from "../../src/shared/constants";
import { sampleProgram } from "../../src/shared/sample-program";
import { programInputSchema } from "../../src/shared/schemas";
import { WRITING_LIMITS } from "../../src/shared/writing";
import { protectedNamesOf } from "../../src/web/features/ai-writer/writing-actions";
import { rowCount } from "../support/db-snapshot";
import { startWithFamily, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let family: TestClient;

beforeAll(async () => {
  ({ app, family } = await startWithFamily({ env: { WRITING_CALLS_PER_MINUTE: "1000" } }));
});
afterAll(() => app.stop());

// A surname and a town no dictionary holds.
const TEXT = "We spent every summer with the Quillfeathers in Brannockmere, where she taught us to sail.";

describe("the program keeps its words", () => {
  test("saved, read back, changed and removed with the program; a program without them has none", async () => {
    const created = await family.post("/api/programs", {
      ...sampleProgram(),
      programWords: ["Quillfeathers", "Zoë"],
    });
    expect(created.status).toBe(201);
    expect(created.json.programWords).toEqual(["Quillfeathers", "Zoë"]);
    const id = created.json.id;
    expect((await family.get(`/api/programs/${id}`)).json.programWords).toEqual(["Quillfeathers", "Zoë"]);

    const updated = await family.put(`/api/programs/${id}`, {
      ...sampleProgram(),
      programWords: ["Zoë", "Brannockmere"],
      version: created.json.version,
    });
    expect(updated.status).toBe(200);
    expect((await family.get(`/api/programs/${id}`)).json.programWords).toEqual(["Zoë", "Brannockmere"]);

    const plain = await family.post("/api/programs", sampleProgram());
    expect(plain.json.programWords).toEqual([]);
  });

  test.each([
    ["programWords", { programWords: "Quillfeathers" }, "Program words must be a list"],
    [
      "programWords",
      { programWords: Array.from({ length: LIMITS.maxProgramWords + 1 }, (_, i) => `Word${i}`) },
      `Program words can have at most ${LIMITS.maxProgramWords} entries`,
    ],
    ["programWords.0", { programWords: [7] }, "Each program word must be text"],
    [
      "programWords.0",
      { programWords: ["x".repeat(LIMITS.maxProgramWordChars + 1)] },
      `Each program word must be at most ${LIMITS.maxProgramWordChars} characters`,
    ],
    ["programWords.1", { programWords: ["Zoë", "   "] }, "Each program word must not be empty"],
    ["programWords.0", { programWords: ["Quill feathers"] }, "Each program word must be one word"],
  ])("a bad %s is a 400 naming the field, and nothing is written", async (path, override, message) => {
    const created = await family.post("/api/programs", { ...sampleProgram(), programWords: ["Zoë"] });
    const before = await rowCount(app.db, programs);
    for (const res of [
      await family.post("/api/programs", { ...sampleProgram(), ...override }),
      await family.put(`/api/programs/${created.json.id}`, { ...sampleProgram(), ...override }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(message);
      expect(res.json.fields).toContainEqual({ path, message: expect.stringContaining(message) });
    }
    expect(await rowCount(app.db, programs)).toBe(before);
    expect((await family.get(`/api/programs/${created.json.id}`)).json.programWords).toEqual(["Zoë"]);
  });
});

describe("a word the family added is never flagged again", () => {
  const check = async (programWords: string[]) => {
    const program = programInputSchema.parse({ ...sampleProgram(), programWords });
    const res = await family.post("/api/writing/check-grammar", {
      text: TEXT,
      protectedNames: protectedNamesOf(program),
    });
    expect(res.status).toBe(200);
    return res.json as { improvedText: string; unknownWords: string[] };
  };

  test("unknown until added; then the web app sends it and the checker neither lists nor changes it", async () => {
    const before = await check([]);
    expect(before.unknownWords).toEqual(expect.arrayContaining(["Quillfeathers", "Brannockmere"]));

    const after = await check(["Quillfeathers"]);
    expect(after.unknownWords).not.toContain("Quillfeathers");
    expect(after.unknownWords).toContain("Brannockmere");
    expect(after.improvedText).toContain("Quillfeathers");
  });

  test("the program's words go first, so a program full of names never crowds one out", () => {
    const words = Array.from({ length: LIMITS.maxProgramWords }, (_, i) => `Family${i}`);
    const program = programInputSchema.parse({
      programWords: words,
      tributes: Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, author: `Author ${i}` })),
      serviceItems: Array.from({ length: 40 }, (_, i) => ({
        id: `s${i}`,
        title: "Song",
        person: `P${i}`,
        order: i,
      })),
      pallbearers: Array.from({ length: 60 }, (_, i) => `Bearer ${i}`).join("\n"),
    });
    const sent = protectedNamesOf(program);
    expect(sent).toHaveLength(WRITING_LIMITS.maxProtectedNames);
    expect(sent.slice(0, words.length)).toEqual(words);
  });
});
