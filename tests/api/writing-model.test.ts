// The model path: the real `openai` SDK pointed at a loopback OpenAI-compatible fake. Proves the model
// is asked (with prompts that forbid inventing facts), its answer is validated, and any failure gives
// the offline answer instead of an error.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { createOfflineProvider } from "../../src/server/writing/offline-provider";
import { createOpenAiProvider } from "../../src/server/writing/openai-provider";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let fake: FakeOpenAi;
let app: TestApp;
let family: TestClient;
const offline = createOfflineProvider();
const warnings: string[] = [];
let warnSpy: ReturnType<typeof spyOn>;

beforeAll(async () => {
  fake = startFakeOpenAi();
  app = await startTestApp({
    env: {
      OPENAI_API_KEY: "sk-test-key",
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: "memorial-model",
      WRITING_CALLS_PER_MINUTE: "1000",
    },
  });
  family = app.client();
  await family.signUp();
  warnSpy = spyOn(console, "warn").mockImplementation((line: unknown) => {
    warnings.push(String(line));
  });
});
afterEach(() => {
  warnings.length = 0;
});
afterAll(async () => {
  warnSpy.mockRestore();
  await app.stop();
  await fake.stop();
});

const TEXT = "Their is no one who didnt feel welcome in her kitchen in Dayton.";

const answer = (result: object) => JSON.stringify(result);
const MODEL_RESULT = {
  improvedText: "There was no one who did not feel welcome in her kitchen in Dayton.",
  grammarIssues: [{ issue: "is", correction: "was", explanation: "Keep the past tense throughout." }],
  suggestions: ["Say what she liked to cook."],
  confidence: 0.93,
};

describe("grammar check with a model", () => {
  test("asks the model with harper's findings and merges both", async () => {
    fake.answerWith(answer(MODEL_RESULT));
    const res = await family.post("/api/writing/check-grammar", { text: TEXT });
    expect(res.status).toBe(200);
    expect(res.json.improvedText).toBe(MODEL_RESULT.improvedText);
    expect(res.json.confidence).toBe(0.93);
    expect(res.json.mode).toBe("model");
    expect((await family.get("/api/writing/status")).json).toEqual({
      mode: "model",
      model: "memorial-model",
    });
    const issues = res.json.grammarIssues.map(
      (i: { issue: string; correction: string }) => `${i.issue}→${i.correction}`,
    );
    expect(issues).toContain("Their→There"); // harper's
    expect(issues).toContain("didnt→didn't"); // harper's
    expect(issues).toContain("is→was"); // the model's
    expect(res.json.suggestions).toContain("Say what she liked to cook.");

    const request = fake.requests.at(-1);
    expect(request?.model).toBe("memorial-model");
    expect(request?.authorization).toBe("Bearer sk-test-key");
    expect(request?.response_format).toEqual({ type: "json_object" });
    expect(request?.messages[0]?.role).toBe("system");
    expect(request?.messages[0]?.content).toContain("Never invent facts");
    expect(fake.lastUserPrompt()).toContain(TEXT);
    expect(fake.lastUserPrompt()).toContain('"correction":"There"');
    expect(warnings).toEqual([]);
  });

  test("an answer that breaks the schema is not shown: the offline answer is, and one line is logged", async () => {
    for (const bad of [
      answer({ ...MODEL_RESULT, confidence: 7 }),
      answer({ grammarIssues: [], suggestions: [], confidence: 0.5 }),
      "Sure! Here is your corrected text.",
    ]) {
      fake.answerWith(bad);
      const res = await family.post("/api/writing/check-grammar", { text: TEXT });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(await offline.checkGrammar({ text: TEXT }));
    }
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain("grammar check by memorial-model failed");
    expect(warnings[0]).toContain("answered offline");
  });

  test("an answer that adds a fact is refused in favour of the offline answer", async () => {
    fake.answerWith(
      answer({
        ...MODEL_RESULT,
        improvedText: "There was no one who did not feel welcome in her kitchen in Boston in 1952.",
      }),
    );
    const res = await family.post("/api/writing/check-grammar", { text: TEXT });
    expect(res.json).toEqual(await offline.checkGrammar({ text: TEXT }));
    // The family is told honestly that the offline rules answered, not the model.
    expect(res.json.mode).toBe("offline");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("added facts not in the input");
    expect(warnings[0]).toContain("Boston");
    expect(warnings[0]).toContain("1952");
  });

  test("a failing server gives the offline answer, not an error", async () => {
    fake.failWith(500);
    const before = fake.requests.length;
    const res = await family.post("/api/writing/check-grammar", { text: TEXT });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(await offline.checkGrammar({ text: TEXT }));
    // maxRetries: 0 — the family does not wait through retries.
    expect(fake.requests.length).toBe(before + 1);
    expect(warnings).toHaveLength(1);
  });
});

describe("enhance, tone and templates with a model", () => {
  test("enhance and tone return the model's text, with the task and tone in the prompt", async () => {
    fake.answerWith(
      answer({ ...MODEL_RESULT, improvedText: "No one left her kitchen in Dayton feeling a stranger." }),
    );
    const enhanced = await family.post("/api/writing/enhance", { text: TEXT, context: "life reflections" });
    expect(enhanced.json.improvedText).toBe("No one left her kitchen in Dayton feeling a stranger.");
    expect(fake.lastUserPrompt()).toContain("life reflections section");

    const toned = await family.post("/api/writing/adjust-tone", { text: TEXT, tone: "peaceful" });
    expect(toned.json.improvedText).toBe("No one left her kitchen in Dayton feeling a stranger.");
    expect(fake.lastUserPrompt()).toContain("peaceful: calm, gentle and comforting");
    expect(warnings).toEqual([]);
  });

  test("the program's names are in every prompt, and an answer that changes one is replaced offline", async () => {
    const story = "my grandmother zoe kept bees behind the house.";
    const request = { text: story, protectedNames: ["Zoë Brennan"] };
    for (const [path, extra] of [
      ["check-grammar", {}],
      ["enhance", { context: "tribute" }],
      ["adjust-tone", { tone: "formal" }],
    ] as const) {
      fake.answerWith(
        answer({ ...MODEL_RESULT, improvedText: "My grandmother zone kept bees behind the house." }),
      );
      const res = await family.post(`/api/writing/${path}`, { ...request, ...extra });
      expect(fake.lastUserPrompt()).toContain('["Zoë Brennan"]');
      expect(res.json.mode).toBe("offline");
      expect(res.json.improvedText).toContain("Zoë");
      expect(warnings.at(-1)).toContain("changed names of the program: zoe");
    }
    // Giving the program's spelling to a name typed in lower case is not a change of name.
    fake.answerWith(
      answer({ ...MODEL_RESULT, improvedText: "My grandmother Zoë kept bees behind the house." }),
    );
    const kept = await family.post("/api/writing/enhance", request);
    expect(kept.json.mode).toBe("model");
  });

  test("a template is written from the details only; one that invents is replaced offline", async () => {
    const details = {
      name: "Ann Lee",
      relationship: "mother",
      qualities: ["kind"],
      achievements: ["raised 3 sons"],
    };
    fake.answerWith(answer({ ...MODEL_RESULT, improvedText: "Ann Lee, a kind mother, raised 3 sons." }));
    const good = await family.post("/api/writing/generate-template", { type: "obituary", details });
    expect(good.json.improvedText).toBe("Ann Lee, a kind mother, raised 3 sons.");
    expect(fake.lastUserPrompt()).toContain('"name":"Ann Lee"');
    expect(fake.lastUserPrompt()).toContain("an obituary");

    fake.answerWith(
      answer({ ...MODEL_RESULT, improvedText: "Ann Lee of Springfield raised 3 sons and 2 daughters." }),
    );
    const invented = await family.post("/api/writing/generate-template", { type: "obituary", details });
    expect(invented.json).toEqual(
      await offline.generateTemplate({ type: "obituary", details: { ...details, tone: "heartfelt" } }),
    );
    expect(warnings.join("\n")).toContain("Springfield");
  });
});

describe("timeout", () => {
  test("a stalled server is abandoned after the timeout and the offline answer is given", async () => {
    fake.stall();
    const logged: string[] = [];
    const provider = createOpenAiProvider(
      { apiKey: "sk-test-key", baseURL: fake.baseURL, model: "memorial-model", timeoutMs: 300 },
      offline,
      (line) => logged.push(line),
    );
    const result = await provider.adjustTone({ text: TEXT, tone: "formal" });
    expect(result).toEqual(await offline.adjustTone({ text: TEXT, tone: "formal" }));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/tone adjustment by memorial-model failed \(.*timed out.*\)/i);
  });
});
