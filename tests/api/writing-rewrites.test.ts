// The offline writing helper never makes a text worse: on realistic obituary paragraphs, enhance and
// every tone give text harper finds nothing wrong with, keep every name, number and date, never turn
// one feeling into another, and reword deaths only when they are the honored person's own.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { lintText } from "../../src/server/writing/harper-linter";
import { stripToneFrame } from "../../src/server/writing/tone-rules";
import { AI_TONES } from "../../src/shared/constants";
import { writingResultSchema } from "../../src/shared/writing";
import { ISSUE_EXAMPLE, OBITUARY_PARAGRAPHS, PLAIN_EXAMPLE } from "../support/obituary-paragraphs";
import { startWithFamily, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let family: TestClient;

beforeAll(async () => {
  ({ app, family } = await startWithFamily({ env: { WRITING_CALLS_PER_MINUTE: "1000" } }));
});
afterAll(() => app.stop());

const enhance = async (text: string) => {
  const res = await family.post("/api/writing/enhance", { text, context: "life reflections" });
  expect(res.status).toBe(200);
  return writingResultSchema.parse(res.json);
};

const adjustTone = async (text: string, tone: string) => {
  const res = await family.post("/api/writing/adjust-tone", { text, tone });
  expect(res.status).toBe(200);
  return writingResultSchema.parse(res.json);
};

/** What harper finds in `output`, less the family's names it does not know ("Ida's" is not "IDA's"). */
const grammarProblems = async (output: string, input: string) =>
  (await lintText(output))
    .filter(
      (f) =>
        !(
          ["Spelling", "Typo", "Capitalization"].includes(f.kind) &&
          /^\p{Lu}/u.test(f.problem) &&
          input.includes(f.problem)
        ),
    )
    .map((f) => `${f.problem}: ${f.message}`);

// Words the formal tone may write out ("Mom" → "Mother"); every other capitalised word is a fact.
const KINSHIP = new Set(["Mom", "Dad", "Grandma", "Grandpa", "Nana"]);
const factsOf = (text: string) => [
  ...new Set([
    ...(text.match(/\d[\d,]*/g) ?? []).map((n) => n.replace(/,$/, "")),
    ...(text.match(/\p{Lu}[\p{L}'’]+/gu) ?? []).filter(
      (w) => !KINSHIP.has(w) && !/^(?:She|He|We|Her|His|Our|My|The|I|They|Its)$/.test(w),
    ),
  ]),
];
const missingFacts = (output: string, input: string) =>
  factsOf(input).filter((fact) => !new RegExp(`(?<![\\p{L}\\d])${fact}(?![\\p{L}\\d])`, "u").test(output));

// Feelings and negations a rewrite must carry over exactly: mourning is never turned into celebrating,
// and "didn't" may become "did not" but never lose its "not".
const MEANING_PATTERNS = {
  mourn: /\bmourn/g,
  grieve: /\bgriev/g,
  celebrate: /\bcelebrat/g,
  cry: /\bcr(?:y|ied)\b/g,
  miss: /\bmiss/g,
  negation: /\b(?:not|never|no)\b|n['’]t\b/g,
};
const meaningCounts = (text: string) =>
  Object.entries(MEANING_PATTERNS).map(
    ([name, pattern]) => `${name}:${(text.toLowerCase().match(pattern) ?? []).length}`,
  );

describe("every rewrite of realistic paragraphs", () => {
  for (const [index, { text, keep }] of OBITUARY_PARAGRAPHS.entries()) {
    const label = `paragraph ${index + 1} (${text.slice(0, 30)}…)`;

    test(`enhance: ${label}`, async () => {
      const { improvedText, mode } = await enhance(text);
      expect(mode).toBe("offline");
      expect(improvedText).not.toBe(text);
      expect(await grammarProblems(improvedText, text)).toEqual([]);
      expect(missingFacts(improvedText, text)).toEqual([]);
      expect(meaningCounts(improvedText)).toEqual(meaningCounts(text));
      for (const sentence of keep) expect(improvedText).toContain(sentence);
    });

    test(`all four tones: ${label}`, async () => {
      for (const tone of AI_TONES) {
        const { improvedText } = await adjustTone(text, tone);
        expect(await grammarProblems(improvedText, text)).toEqual([]);
        expect(missingFacts(improvedText, text)).toEqual([]);
        expect(meaningCounts(stripToneFrame(improvedText))).toEqual(meaningCounts(text));
        for (const sentence of keep) expect(improvedText).toContain(sentence);
      }
    });
  }
});

describe("the reported examples", () => {
  test("enhance and formal fix the article before the new word", async () => {
    expect((await enhance(ISSUE_EXAMPLE)).improvedText).toContain("She was an immensely proud grandmother");
    expect((await adjustTone(ISSUE_EXAMPLE, "formal")).improvedText).toContain("and a remarkable cook");
  });

  test("celebratory still mourns, and only Mom's own passing is reworded", async () => {
    expect((await adjustTone(ISSUE_EXAMPLE, "celebratory")).improvedText).toContain("We mourn her passing");
    const heartfelt = (await adjustTone(ISSUE_EXAMPLE, "heartfelt")).improvedText;
    expect(heartfelt).toContain("Mom left us peacefully on March 3, 2024");
    expect(heartfelt).toContain("Her husband Walter died in 1998.");
    const peaceful = (await adjustTone(ISSUE_EXAMPLE, "peaceful")).improvedText;
    expect(peaceful).toContain("Mom passed from this life peacefully");
    expect(peaceful).toContain("Her husband Walter died in 1998.");
  });

  test("enhance turns plain prose into warmer, smoother sentences and offers other wordings", async () => {
    const result = await enhance(PLAIN_EXAMPLE);
    expect(result.improvedText).toBe(
      "Dad enjoyed fishing, and he was kind. He worked at the mill for many years and had many friends.",
    );
    const alternatives = result.suggestions.filter((s) => s.startsWith("Or, in other words:"));
    expect(alternatives).toEqual([
      'Or, in other words: "Dad delighted in fishing, and he was warmhearted. He worked at the mill for years and had so many friends."',
      'Or, in other words: "Dad was fond of fishing, and he was gentle. He worked at the mill for a great many years and had a great many friends."',
    ]);
    for (const alternative of alternatives)
      expect(await grammarProblems(alternative, PLAIN_EXAMPLE)).toEqual([]);
  });

  test("who said or did what never changes, and words are only warmed where they fit", async () => {
    const text =
      "She was not nice to everyone. She said what she thought. He told us she was a friend to many.";
    const enhanced = (await enhance(text)).improvedText;
    expect(enhanced).toContain("He told us she was a friend to many.");
    expect(enhanced).toContain("not nice");
    // "Well liked" is said of a person: "well enjoyed" would make her a thing.
    expect((await enhance("She was well liked. Dad liked fishing.")).improvedText).toBe(
      "She was well liked. Dad enjoyed fishing.",
    );
    // "Nice" said of a day is not "kind".
    expect((await enhance("It was nice. She was nice.")).improvedText).toBe("It was nice, and she was kind.");
    // A text that opens with a pronoun names nobody whose death may be reworded.
    expect(
      (await adjustTone("He loved her. She died first. He never recovered.", "heartfelt")).improvedText,
    ).toContain("He loved her. She died first. He never recovered.");
  });

  test("a text with nothing to reword says so instead of pretending", async () => {
    const text = "She loved her garden, and every spring the whole street came to see her roses.";
    const result = await enhance(text);
    expect(result.improvedText).toBe(text);
    expect(result.suggestions[0]).toBe(
      "The wording already reads well: the offline rules found no flat words or choppy sentences to change.",
    );
  });

  test("a pronoun after someone else's sentence is not the honored person", async () => {
    const text = "Grandpa Joe died in 2001. His brother Sam died in 1990. He died at home.";
    expect((await adjustTone(text, "heartfelt")).improvedText).toContain(
      "Grandpa Joe left us in 2001. His brother Sam died in 1990. He died at home.",
    );
  });
});
