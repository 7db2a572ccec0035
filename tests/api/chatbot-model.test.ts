import { afterAll, beforeAll, expect, test } from "bun:test";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai";
import { startTestApp, type TestApp } from "../support/test-app";

let fake: FakeOpenAi;
let app: TestApp;
beforeAll(async () => {
  fake = startFakeOpenAi();
  app = await startTestApp({
    env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "m" },
  });
});
afterAll(async () => {
  await app.stop();
  await fake.stop();
});

const ask = async (message: string) => {
  const client = app.client();
  const session = await client.post("/api/chatbot/session", { title: "Support Chat", context: {} });
  return client.post("/api/chatbot/message", { message, sessionId: session.json.sessionId, context: {} });
};

test("the model answers first, grounded in the help sections the search found, and links the one it used", async () => {
  fake.answerWith(
    JSON.stringify({
      answer: "Choose Home printer, print double-sided flipping on the short edge, then fold and staple.",
      sectionId: "printing-at-home--print-a-booklet-at-home",
    }),
  );
  const res = await ask("How do I print a booklet at home?");
  expect(res.status).toBe(200);
  expect(res.json.assistantMessage.content).toStartWith("Choose Home printer");
  expect(res.json.assistantMessage.metadata.article.url).toBe(
    "/support#printing-at-home--print-a-booklet-at-home",
  );
  const prompt = fake.lastUserPrompt();
  expect(prompt).toContain("[printing-at-home--print-a-booklet-at-home]");
  expect(prompt).toContain("flip on the short edge");
  expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-test");
});

test("a failing or malformed model falls back to the offline answer", async () => {
  fake.failWith(500);
  const failed = await ask("How do I print a booklet at home?");
  expect(failed.status).toBe(200);
  expect(failed.json.assistantMessage.content).toContain('From our help article "Printing at home"');
  fake.answerWith('{"nothing": true}');
  const malformed = await ask("How do I add photos?");
  expect(malformed.json.assistantMessage.content).toContain("From our help article");
});

test("questions the articles do not cover never reach the model", async () => {
  const before = fake.requests.length;
  const res = await ask("What's the weather tomorrow?");
  expect(res.json.assistantMessage.content).toContain("I don't know");
  expect(fake.requests.length).toBe(before);
});

test("when the model finds no answer in the sections, the reply is the kind I don't know with the way to a person", async () => {
  fake.answerWith(JSON.stringify({ answer: "Those sections do not say.", sectionId: null }));
  const res = await ask("How do I print a booklet at home?");
  expect(res.json.assistantMessage.content).toContain("I don't know");
  expect(res.json.assistantMessage.content).toContain("support@keepsake.app");
  expect(res.json.assistantMessage.metadata).toMatchObject({
    confidence: 0,
    article: { url: "/support#contact" },
  });
});
