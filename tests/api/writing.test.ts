// The writing helper offline (no OPENAI_API_KEY): every call, every refusal, and the promise that
// nothing it writes invents a fact.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { PhraseRule } from "../../src/server/writing/text-rules";
import { AI_TONES, TEMPLATE_TYPES } from "../../src/shared/constants";
import { aiResultSchema } from "../../src/shared/schemas";
import { startTestApp, startWithFamily, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let family: TestClient;

beforeAll(async () => {
  // Far more calls than a family makes in a minute: the limit has its own test.
  ({ app, family } = await startWithFamily({ env: { WRITING_CALLS_PER_MINUTE: "1000" } }));
});
afterAll(() => app.stop());

const MISTAKES =
  "Their is no one who didnt feel welcome in her kitchen. Siobhan Kowalczyk taught alot of children in Dayton for 32 years.";

const STORY =
  "Mom was born in Dayton, Ohio on March 3, 1931. She married Walter Kowalczyk in 1952 and they raised 4 children. She taught at Lincoln Elementary for 32 years and she was very funny. She died of cancer on June 9, 2024, and we're gonna miss her.";

/**
 * The test's own reading of "invented": a number, or a capitalised word inside a sentence, that is not
 * in the input. Sentence starts are skipped (any word is capitalised there), as is "I".
 */
const newFactsIn = (output: string, input: string) => {
  const known = new Set((input.match(/[\p{L}\d]+/gu) ?? []).map((w) => w.toLowerCase()));
  const found: string[] = [];
  for (const sentence of output.split(/(?<=[.!?:])\s+|\n+/)) {
    const words = sentence.match(/[\p{L}\d]+/gu) ?? [];
    words.forEach((word, i) => {
      const isNumber = /\d/.test(word);
      const isInnerCapital = i > 0 && /^\p{Lu}/u.test(word) && word !== "I";
      if ((isNumber || isInnerCapital) && !known.has(word.toLowerCase())) found.push(word);
    });
  }
  return found;
};

const FACTS = [
  "Dayton",
  "Ohio",
  "March 3, 1931",
  "Walter Kowalczyk",
  "1952",
  "4 children",
  "Lincoln Elementary",
  "32 years",
  "June 9, 2024",
];

describe("sign-in", () => {
  test("every call refuses a visitor who is not signed in", async () => {
    const visitor = app.client();
    for (const path of ["check-grammar", "enhance", "adjust-tone", "generate-template"]) {
      const res = await visitor.post(`/api/writing/${path}`, {
        text: "Hello there.",
        details: { name: "Ann" },
      });
      expect(res.status).toBe(401);
    }
  });
});

describe("call limit", () => {
  test("past its calls per minute a user gets 429 with a clear message; another user is not affected", async () => {
    const limited = await startTestApp({ env: { WRITING_CALLS_PER_MINUTE: "3" } });
    try {
      const first = limited.client();
      const second = limited.client();
      await first.signUp();
      await second.signUp();
      // Parallel calls are counted as they arrive: a burst cannot slip past the limit.
      const burst = await Promise.all(
        ["check-grammar", "enhance", "adjust-tone", "enhance", "check-grammar"].map((path) =>
          first.post(`/api/writing/${path}`, { text: "She loved her garden." }),
        ),
      );
      expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
      const refused = burst.find((r) => r.status === 429);
      expect(refused?.json.message).toBe(
        "You are using the writing helper faster than it can answer. Please wait a minute and try again.",
      );
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await first.post("/api/writing/generate-template", { details: { name: "Ann" } })).status).toBe(
        429,
      );
      expect(
        (await second.post("/api/writing/check-grammar", { text: "She loved her garden." })).status,
      ).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe("mode", () => {
  test("status says the offline rules answer when no model is configured", async () => {
    const res = await family.get("/api/writing/status");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ mode: "offline" });
    expect((await app.client().get("/api/writing/status")).status).toBe(401);
  });
});

describe("a 10 KB body of short sentences", () => {
  const SHORT_SENTENCES = "a. ".repeat(3333);

  test("every text call answers it, and the server keeps answering others meanwhile", async () => {
    let settled = false;
    const grammar = family.post("/api/writing/check-grammar", { text: SHORT_SENTENCES }).finally(() => {
      settled = true;
    });
    // The grammar checker runs in its own thread: the request thread is free for other requests.
    // Health is asked again and again until the check answers; the first may reach the server
    // before the check does, so a checker blocking that thread would still let one through, never two.
    let answeredMeanwhile = 0;
    while (!settled) {
      const health = await family.get("/api/health");
      if (health.status === 200 && !settled) answeredMeanwhile++;
    }
    expect(answeredMeanwhile).toBeGreaterThan(1);
    expect((await grammar).status).toBe(200);
    for (const [path, extra] of [
      ["enhance", { context: "" }],
      ["adjust-tone", { tone: "formal" }],
    ] as const) {
      const res = await family.post(`/api/writing/${path}`, { text: SHORT_SENTENCES, ...extra });
      expect(res.status).toBe(200);
      expect(res.json.improvedText.length).toBeGreaterThan(3000);
    }
  });

  test("the sentence rules split it into its 3,333 sentences", async () => {
    const { splitSentences } = await import("../../src/server/writing/text-rules");
    expect(splitSentences(SHORT_SENTENCES)).toHaveLength(3333);
  });
});

describe("check-grammar", () => {
  test("finds and fixes real mistakes, and leaves unknown names as written", async () => {
    const res = await family.post("/api/writing/check-grammar", { text: MISTAKES });
    expect(res.status).toBe(200);
    const result = aiResultSchema.parse(res.json);
    // No model is configured: the answer says the offline rules wrote it.
    expect(res.json.mode).toBe("offline");
    expect(result.improvedText).toBe(
      "There is no one who didn't feel welcome in her kitchen. Siobhan Kowalczyk taught a lot of children in Dayton for 32 years.",
    );
    const corrections = Object.fromEntries(result.grammarIssues.map((i) => [i.issue, i.correction]));
    expect(corrections).toMatchObject({ Their: "There", didnt: "didn't", alot: "a lot" });
    // Harper does not know these names: listed for the family to check, never "corrected".
    expect(corrections.Siobhan).toBe("Siobhan");
    expect(result.grammarIssues.find((i) => i.issue === "Siobhan")?.explanation).toContain("name");
    // Harper's Markdown marks are turned into quotation marks a family reads.
    for (const issue of result.grammarIssues) expect(issue.explanation).not.toContain("`");
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(0.8);
  });

  test("a clean text has no issues and a high, but not certain, confidence", async () => {
    const res = await family.post("/api/writing/check-grammar", {
      text: "She loved her garden, and every spring the whole street came to see her roses.",
    });
    expect(res.json.grammarIssues).toEqual([]);
    expect(res.json.improvedText).toBe(
      "She loved her garden, and every spring the whole street came to see her roses.",
    );
    expect(res.json.confidence).toBeGreaterThan(0.8);
    expect(res.json.confidence).toBeLessThan(1);
  });

  test("tidies spacing and reports it", async () => {
    const res = await family.post("/api/writing/check-grammar", {
      text: "She was born in 1931 .  she loved   music",
    });
    expect(res.json.improvedText).toBe("She was born in 1931. She loved music.");
    expect(res.json.grammarIssues.map((i: { issue: string }) => i.issue)).toContain(
      "Spacing and punctuation",
    );
  });

  test("gives the same answer for the same text", async () => {
    const first = await family.post("/api/writing/check-grammar", { text: MISTAKES });
    const second = await family.post("/api/writing/check-grammar", { text: MISTAKES });
    expect(second.json).toEqual(first.json);
  });
});

describe("refusals", () => {
  const textCalls = [
    ["check-grammar", {}],
    ["enhance", { context: "life reflections" }],
    ["adjust-tone", { tone: "formal" }],
  ] as const;

  test("blank or missing text is 400 No text provided", async () => {
    for (const [path, extra] of textCalls) {
      for (const body of [{ ...extra, text: "   \n " }, { ...extra }, { ...extra, text: "" }]) {
        const res = await family.post(`/api/writing/${path}`, body);
        expect(res.status).toBe(400);
        expect(res.json.message).toBe("No text provided");
        expect(res.json.fields[0].path).toBe("text");
      }
    }
  });

  test("text over the limit is a 400 naming the limit", async () => {
    for (const [path, extra] of textCalls) {
      const res = await family.post(`/api/writing/${path}`, { ...extra, text: "word ".repeat(2001) });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Text must be at most 10,000 characters");
    }
  });

  test("a body over 5 MB is refused with 413 before it is read", async () => {
    const res = await family.post("/api/writing/check-grammar", { text: "a".repeat(5 * 1024 * 1024 + 10) });
    expect(res.status).toBe(413);
  });

  test("an unknown tone is 400 naming the four tones", async () => {
    const res = await family.post("/api/writing/adjust-tone", {
      text: "She loved music.",
      tone: "sarcastic",
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Tone must be one of: formal, heartfelt, celebratory, peaceful");
  });

  test("a blank or missing name is 400 Name required", async () => {
    for (const details of [{ name: "  " }, { relationship: "mother" }, undefined]) {
      const res = await family.post("/api/writing/generate-template", { type: "tribute", details });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Name required");
    }
  });

  test("an unknown template type or a non-list of qualities is a 400 naming the field", async () => {
    const badType = await family.post("/api/writing/generate-template", {
      type: "poem",
      details: { name: "Ann" },
    });
    expect(badType.status).toBe(400);
    expect(badType.json.message).toBe(
      "Template type must be one of: life_reflection, tribute, obituary, service_message",
    );
    const badList = await family.post("/api/writing/generate-template", {
      details: { name: "Ann", qualities: "kind, patient" },
    });
    expect(badList.status).toBe(400);
    expect(badList.json.fields[0].path).toBe("details.qualities");
  });

  test("a request that is not JSON is 415", async () => {
    const res = await family.post("/api/writing/check-grammar", "text=hello", {
      "content-type": "text/plain",
    });
    expect(res.status).toBe(415);
  });
});

describe("enhance", () => {
  test("strengthens weak wording, fixes grammar and keeps every fact", async () => {
    const res = await family.post("/api/writing/enhance", { text: STORY, context: "life reflections" });
    expect(res.status).toBe(200);
    const result = aiResultSchema.parse(res.json);
    expect(result.improvedText).toContain("she was hilarious");
    expect(result.improvedText).toContain("we're going to miss her");
    for (const fact of FACTS) expect(result.improvedText).toContain(fact);
    expect(newFactsIn(result.improvedText, STORY)).toEqual([]);
  });

  test("asks for what the context needs instead of writing it", async () => {
    const res = await family.post("/api/writing/enhance", {
      text: "The family would like to mention the nurses of the hospice.",
      context: "acknowledgments",
    });
    expect(res.json.suggestions.join(" ")).toContain("Acknowledgments usually thank those who helped");
    expect(res.json.suggestions.join(" ")).toContain("Add a specific memory");
  });

  test("breaks a wall of text into paragraphs", async () => {
    const sentence = "She walked to the market every morning and greeted each neighbor by name. ";
    const res = await family.post("/api/writing/enhance", { text: sentence.repeat(10), context: "" });
    expect(res.json.improvedText.split("\n\n").length).toBeGreaterThan(1);
  });
});

describe("adjust-tone", () => {
  const toneOf = async (tone: string, text = STORY) =>
    aiResultSchema.parse((await family.post("/api/writing/adjust-tone", { text, tone })).json).improvedText;

  test("the four tones read clearly different and all keep every fact", async () => {
    const outputs = await Promise.all(AI_TONES.map((tone) => toneOf(tone)));
    expect(new Set(outputs).size).toBe(4);
    for (const output of outputs) {
      for (const fact of FACTS) expect(output).toContain(fact);
      expect(newFactsIn(output, STORY)).toEqual([]);
    }
    const [formal, heartfelt, celebratory, peaceful] = outputs as [string, string, string, string];
    expect(formal).toContain("Mother was born");
    expect(formal).toContain("we are going to miss her");
    expect(formal).not.toMatch(/we're|gonna/);
    expect(heartfelt).toContain("Forever loved, forever missed");
    expect(celebratory).toContain("celebrate a life well lived");
    expect(peaceful).toContain("In quiet remembrance");
    // The cause of death is the family's to word: "died of" is never softened into something else.
    for (const output of outputs) expect(output).toContain("died of cancer");
  });

  test("softens words the tone calls for", async () => {
    expect(await toneOf("peaceful", "Mom died in her sleep after a long battle with illness.")).toContain(
      "Mom passed from this life in her sleep after a long journey with illness.",
    );
    expect(await toneOf("heartfelt", "Grandpa died in 2019.")).toContain("Grandpa left us in 2019.");
  });

  test("tone defaults to heartfelt, and adjusting twice does not stack the framing lines", async () => {
    const byDefault = (await family.post("/api/writing/adjust-tone", { text: STORY })).json.improvedText;
    expect(byDefault).toBe(await toneOf("heartfelt"));
    expect(await toneOf("heartfelt", byDefault)).toBe(byDefault);
    expect(await toneOf("formal", byDefault)).toBe(await toneOf("formal"));
  });
});

describe("generate-template", () => {
  const details = {
    name: 'Margaret "Peggy" Ann Doyle',
    relationship: "my grandmother",
    qualities: ["kind", " patient ", "a quick wit", "generosity", ""],
    achievements: [
      "taught for 32 years at Lincoln Elementary",
      "founded the Dayton Rose Society",
      "three decades of choir",
    ],
  };
  const given = [details.name, details.relationship, ...details.qualities, ...details.achievements].join(" ");

  const generate = async (type: string, tone: string, d: object = details) => {
    const res = await family.post("/api/writing/generate-template", { type, details: { ...d, tone } });
    expect(res.status).toBe(200);
    return aiResultSchema.parse(res.json);
  };

  test("every type in every tone uses the family's details and invents nothing", async () => {
    const texts = new Set<string>();
    for (const type of TEMPLATE_TYPES) {
      for (const tone of AI_TONES) {
        const { improvedText } = await generate(type, tone);
        texts.add(improvedText);
        expect(improvedText).toContain('Margaret "Peggy" Ann Doyle');
        for (const part of [
          "kind and patient",
          "a quick wit and generosity",
          "taught for 32 years at Lincoln Elementary",
          "founded the Dayton Rose Society",
          "three decades of choir",
        ]) {
          expect(improvedText).toContain(part);
        }
        expect(improvedText).not.toMatch(/[[\]{}_]|undefined|\s{3}/);
        expect(newFactsIn(improvedText, given)).toEqual([]);
      }
    }
    expect(texts.size).toBe(TEMPLATE_TYPES.length * AI_TONES.length);
  });

  test("a tribute speaks in the first person, an obituary announces, a service message welcomes", async () => {
    expect((await generate("tribute", "heartfelt")).improvedText).toStartWith(
      'There are no words big enough for what Margaret "Peggy" Ann Doyle, my grandmother, meant to me.',
    );
    expect((await generate("obituary", "formal")).improvedText).toStartWith(
      'Margaret "Peggy" Ann Doyle, a beloved grandmother, has passed away.',
    );
    expect((await generate("service_message", "celebratory")).improvedText).toStartWith(
      "Welcome, and thank you",
    );
  });

  test("with only a name, the draft is short, printable, and the suggestions ask for the facts", async () => {
    const result = await generate("obituary", "heartfelt", { name: "Dr. James Okafor" });
    expect(result.improvedText).toBe(
      "It is with heavy hearts that we share that Dr. James Okafor has passed away.\n\nJames will be dearly missed by family and friends.",
    );
    expect(result.suggestions.join(" ")).toContain("Add the dates and places of birth and passing.");
    expect(newFactsIn(result.improvedText, "Dr. James Okafor")).toEqual([]);
  });

  test("type defaults to a life reflection and tone to heartfelt", async () => {
    const res = await family.post("/api/writing/generate-template", { details: { name: "Ann Lee" } });
    expect(res.json.improvedText).toStartWith("With hearts full of love, we remember Ann Lee.");
  });

  test("every draft passes the grammar check it will later be put through", async () => {
    for (const type of TEMPLATE_TYPES) {
      for (const tone of AI_TONES) {
        const { improvedText } = await generate(type, tone, { ...details, name: "Margaret Doyle" });
        const check = await family.post("/api/writing/check-grammar", { text: improvedText });
        expect(check.json.grammarIssues).toEqual([]);
      }
    }
  });
});

describe("phrase banks", () => {
  // Fixed phrases must carry no fact of their own: no digits, and no capital except a sentence's first.
  const innerCapitalsOrDigits = (phrase: string) =>
    phrase
      .split(/(?<=[.!?:])\s+/)
      .flatMap((sentence) => (sentence.match(/[\p{L}\d]+/gu) ?? []).slice(1))
      .filter((word) => /\d|^\p{Lu}/u.test(word) && word !== "I");

  test("tone and enhancement phrases name no person, place, date or number", async () => {
    const { TONE_STYLES } = await import("../../src/server/writing/tone-rules");
    const { FLAT_WORD_RULES, INTENSIFIER_RULES } = await import("../../src/server/writing/warmer-words");
    const wordings = (rules: readonly PhraseRule[]) =>
      rules.flatMap((r) => (typeof r[1] === "string" ? [r[1]] : r[1]));
    const phrases = [
      ...Object.values(TONE_STYLES).flatMap((s) => [
        s.opening,
        s.closing,
        s.tip,
        ...(s.ownPassing ? [s.ownPassing] : []),
        ...wordings(s.rules),
      ]),
      ...wordings(INTENSIFIER_RULES),
      ...wordings(FLAT_WORD_RULES),
    ];
    expect(phrases.length).toBeGreaterThan(50);
    for (const phrase of phrases) expect(innerCapitalsOrDigits(phrase)).toEqual([]);
  });

  test("template sentences name no one but the person given", async () => {
    for (const type of TEMPLATE_TYPES) {
      for (const tone of AI_TONES) {
        const res = await family.post("/api/writing/generate-template", {
          type,
          details: { name: "Zed", relationship: "friend", qualities: ["kind"], achievements: ["sang"], tone },
        });
        const words = (res.json.improvedText as string).match(/[\p{L}\d]+/gu) ?? [];
        const capitals = words.filter((w) => /\d|^\p{Lu}/u.test(w));
        // Every capital is "Zed", "I", or begins a sentence of the fixed phrase bank.
        for (const word of innerCapitalsOrDigits(res.json.improvedText)) expect(["Zed"]).toContain(word);
        expect(capitals.some((w) => /\d/.test(w))).toBe(false);
      }
    }
  });
});
