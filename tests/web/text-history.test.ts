import { beforeEach, describe, expect, test } from "bun:test";
import {
  changeSummary,
  explainChanges,
  insertParagraphAt,
} from "../../src/web/features/ai-writer/suggestion";
import {
  clearTextHistories,
  MAX_TEXT_VERSIONS,
  moveTextHistories,
  readTextVersions,
  recordTextVersion,
  rememberAppliedChange,
  takeUndo,
} from "../../src/web/features/builder/text-history";

/** sessionStorage as the browser has it, in memory. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
};

let storage = memoryStorage();
beforeEach(() => {
  storage = memoryStorage();
  clearTextHistories(storage);
});

describe("a field's versions", () => {
  test("keep the family's first text when the list is full, and skip a repeat of the latest", () => {
    recordTextVersion(
      "u:p",
      "lifeReflections",
      { kind: "yours", text: "what I wrote", label: "Your text" },
      storage,
    );
    for (let i = 0; i < MAX_TEXT_VERSIONS + 5; i++) {
      recordTextVersion("u:p", "lifeReflections", { kind: "applied", text: `v${i}`, label: "With" }, storage);
      recordTextVersion("u:p", "lifeReflections", { kind: "applied", text: `v${i}`, label: "With" }, storage);
    }
    const versions = readTextVersions("u:p", "lifeReflections", storage);
    expect(versions).toHaveLength(MAX_TEXT_VERSIONS);
    expect(versions[0]?.text).toBe("what I wrote");
    expect(versions.at(-1)?.text).toBe(`v${MAX_TEXT_VERSIONS + 4}`);
    expect(readTextVersions("u:p", "acknowledgments", storage)).toEqual([]);
  });

  test("follow a new program to its id at the first save, and go when the family signs out", () => {
    recordTextVersion(
      "u:new",
      "tribute:t1",
      { kind: "yours", text: "Dear Gran", label: "Your text" },
      storage,
    );
    rememberAppliedChange("u:new", "tribute:t1", { before: "Dear Gran", after: "Dearest Gran" });
    moveTextHistories("u:new", "u:p1", storage);
    expect(readTextVersions("u:new", "tribute:t1", storage)).toEqual([]);
    expect(readTextVersions("u:p1", "tribute:t1", storage).map((v) => v.text)).toEqual(["Dear Gran"]);
    expect(takeUndo("u:p1", "tribute:t1", "Dearest Gran")).toBe("Dear Gran");

    clearTextHistories(storage);
    expect(storage.length).toBe(0);
  });

  test("undo takes back the latest apply only while the field still reads what it wrote", () => {
    rememberAppliedChange("u:p", "lifeReflections", { before: "a", after: "b" });
    rememberAppliedChange("u:p", "lifeReflections", { before: "b", after: "c" });
    expect(takeUndo("u:p", "lifeReflections", "c and my new words")).toBeNull();
    expect(takeUndo("u:p", "lifeReflections", "c")).toBe("b");
    expect(takeUndo("u:p", "lifeReflections", "b")).toBe("a");
    expect(takeUndo("u:p", "lifeReflections", "a")).toBeNull();
  });

  test("unreadable storage reads as no versions", () => {
    storage.setItem("keepsake-text-history:u:p|lifeReflections", "{not json");
    expect(readTextVersions("u:p", "lifeReflections", storage)).toEqual([]);
  });
});

describe("suggestion helpers", () => {
  test("a template goes in at the cursor as its own paragraph, the family's words untouched", () => {
    const mine = "Mum loved her garden.\nShe never missed a Sunday.";
    expect(insertParagraphAt(mine, 21, " Template. ")).toBe(
      "Mum loved her garden.\n\nTemplate.\n\nShe never missed a Sunday.",
    );
    expect(insertParagraphAt(mine, mine.length, "Template.")).toBe(`${mine}\n\nTemplate.`);
    expect(insertParagraphAt("", 0, "Template.")).toBe("Template.");
  });

  test("changes are named for their buttons, and each grammar note goes to its change", () => {
    expect(changeSummary({ removed: "Their", added: "There" })).toBe("“Their” → “There”");
    expect(changeSummary({ removed: " very", added: "" })).toBe("remove “very”");
    expect(changeSummary({ removed: "   ", added: " " })).toBe("spacing");
    const unknown = { issue: "zoe", correction: "zoe", explanation: "Not a word the checker knows." };
    const issues = [unknown, { issue: "didnt", correction: "didn't", explanation: "Missing apostrophe." }];
    expect(explainChanges([{ removed: "didnt", added: "didn't" }], issues)).toEqual({
      explanations: ["Missing apostrophe."],
      otherNotes: [unknown],
    });
  });
});
