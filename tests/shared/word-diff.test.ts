import { describe, expect, test } from "bun:test";
import { applyWordChange, remainingDiff, wordDiff } from "../../src/shared/word-diff";

const BEFORE = "Their is no one who didnt feel welcome.\n\nShe had lots of  friends.";
const AFTER = "There is no one who didn't feel welcome.\n\nShe had many friends.";

const applyAll = (text: string, changes: ReturnType<typeof wordDiff>["changes"]) =>
  [...changes].reverse().reduce(applyWordChange, text);

describe("word diff", () => {
  test("finds each changed word, and applying them all gives exactly the suggestion", () => {
    const { changes } = wordDiff(BEFORE, AFTER);
    expect(changes.map(({ removed, added }) => [removed, added])).toEqual([
      ["Their", "There"],
      ["didnt", "didn't"],
      // Words parted by spaces only read as one change; the doubled space is part of it.
      ["lots of  ", "many "],
    ]);
    expect(applyAll(BEFORE, changes)).toBe(AFTER);
  });

  test("the parts rebuild both texts, unchanged runs exactly as typed", () => {
    const { parts } = wordDiff(BEFORE, AFTER);
    const side = (pick: "removed" | "added") =>
      parts.map((p) => (p.kind === "same" ? p.text : p[pick])).join("");
    expect(side("removed")).toBe(BEFORE);
    expect(side("added")).toBe(AFTER);
  });

  test("one change applied on its own leaves the others offered; undoing it offers all again", () => {
    const first = wordDiff(BEFORE, AFTER).changes[1];
    if (!first) throw new Error("no change");
    const partly = applyWordChange(BEFORE, first);
    expect(partly).toBe("Their is no one who didn't feel welcome.\n\nShe had lots of  friends.");
    expect(remainingDiff(BEFORE, AFTER, partly)?.changes.map((c) => c.added)).toEqual(["There", "many "]);
    expect(remainingDiff(BEFORE, AFTER, BEFORE)?.changes).toHaveLength(3);
    expect(remainingDiff(BEFORE, AFTER, AFTER)?.changes).toEqual([]);
  });

  test("words typed after the suggestion make it stale: applying it would remove them", () => {
    expect(remainingDiff(BEFORE, AFTER, `${BEFORE} We miss her.`)).toBeNull();
    expect(remainingDiff(BEFORE, AFTER, BEFORE.replace("welcome", "at home"))).toBeNull();
  });
});
