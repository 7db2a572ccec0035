// The model's fact guard: refuses names, places and numbers the family did not give, but not a good
// answer that capitalises a common word.
import { describe, expect, test } from "bun:test";
import { findInventedFacts } from "../../src/server/writing/fact-guard";

describe("fact guard", () => {
  test("an added name, place or number is caught", () => {
    expect(findInventedFacts(["She taught in Dayton."], "She taught in Boston for 30 years.")).toEqual([
      "30",
      "Boston",
    ]);
    expect(findInventedFacts(["Ann loved music."], "Ann loved music and her husband Tom.")).toEqual(["Tom"]);
    expect(findInventedFacts(["She raised her children."], "She raised three children.")).toEqual(["three"]);
  });

  test("capitalised common words that add nothing are not facts", () => {
    // "the Lord" in a text about faith, whatever word the family used.
    expect(
      findInventedFacts(["She trusted God and prayed every day."], "She trusted the Lord and prayed daily."),
    ).toEqual([]);
    // The family's "mom", capitalised as a name.
    expect(findInventedFacts(["We will miss you, mom."], "We will always miss you, Mom.")).toEqual([]);
    // A month spelled out from the family's numeric date: the numbers are still checked.
    expect(findInventedFacts(["He died on 3/3/2024."], "He died on March 3, 2024.")).toEqual([]);
    expect(findInventedFacts(["He died on 3/3/2024."], "He died on March 4, 2024.")).toEqual(["4"]);
  });

  test("a capitalised word that starts a sentence, a line, a quotation or a list item is not a fact", () => {
    const source = "she loved roses. her garden was full. kindness mattered most.";
    const output =
      'She loved roses.\nHer garden was full: Kindness mattered most.\n- Roses\n• Kindness\n"Her garden"';
    expect(findInventedFacts([source], output)).toEqual([]);
  });

  test("the Lord is still an added fact in a text that never speaks of faith", () => {
    expect(findInventedFacts(["She loved her garden."], "She loved her garden and the Lord.")).toEqual([
      "Lord",
    ]);
  });
});
