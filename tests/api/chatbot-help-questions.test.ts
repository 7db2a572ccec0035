// The Support Assistant answers the question asked: the labelled help questions, the quick replies
// of both chats, "I don't know" with the way to a person, and the crisis reply said once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { emotionalSuggestionsFor } from "../../src/server/chatbot/emotions";
import { generalSuggestions } from "../../src/server/chatbot/service";
import { type EmotionalState, GUIDED_WRITING_ACTION, SUPPORT_EMAIL } from "../../src/shared/chatbot";
import { answeredSlug, evaluateHelpQuestions, HELP_QUESTIONS } from "../support/help-questions";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

const STATES: readonly EmotionalState[] = [
  "overwhelmed",
  "sad",
  "frustrated",
  "peaceful",
  "grateful",
  "neutral",
];
/** Every chip the emotional chat may offer, whatever feeling it read. */
const EMOTIONAL_CHIPS = [...new Set(STATES.flatMap((state) => emotionalSuggestionsFor(state)))];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const ask = async (client: TestClient, title: string, message: string) => {
  const session = await client.post("/api/chatbot/session", { title, context: { currentPage: "home" } });
  expect(session.status).toBe(201);
  const res = await client.post("/api/chatbot/message", { message, sessionId: session.json.sessionId });
  expect(res.status).toBe(200);
  return res.json.assistantMessage as {
    content: string;
    metadata: { article?: { url: string }; confidence?: number; suggestedActions?: string[] };
  };
};

describe("the labelled help questions", () => {
  test("are at least 80, each labelled with an article that exists, with some no article answers", async () => {
    const slugs = new Set(
      (await app.client().get("/api/help/articles")).json.map((a: { slug: string }) => a.slug),
    );
    expect(HELP_QUESTIONS.length).toBeGreaterThanOrEqual(80);
    for (const { slug } of HELP_QUESTIONS) if (slug !== null) expect(slugs).toContain(slug);
    expect(HELP_QUESTIONS.filter((q) => q.slug === null).length).toBeGreaterThanOrEqual(5);
  });

  test("at least 90% get the article that answers them first (offline)", async () => {
    const { total, correct, misses } = await evaluateHelpQuestions();
    // The misses are printed by the failure, so a drop says which questions went wrong.
    expect({ accuracyAtLeast90: correct / total >= 0.9, misses }).toMatchObject({ accuracyAtLeast90: true });
  });

  test('"My PDF has no photos" gets the section about photos missing from a PDF, not "Upload failed"', async () => {
    const reply = await ask(app.client(), "Support Chat", "My PDF has no photos");
    expect(reply.metadata.article?.url).toBe("/support#photos--photos-missing-from-the-pdf");
    expect(reply.content).toContain("The PDF prints every photo the program holds");
    expect(reply.content).not.toContain("Check that the file is a JPG, PNG or WebP");
  });

  test("when no article fits it says it does not know, kindly, with the address a person answers", async () => {
    const reply = await ask(app.client(), "Support Chat", "can i change my email address");
    expect(reply.content).toContain("I don't know");
    expect(reply.content).toContain(SUPPORT_EMAIL);
    expect(reply.content).toContain("A person can help");
    expect(reply.metadata).toMatchObject({ confidence: 0, article: { url: "/support#contact" } });
    expect(answeredSlug(reply.metadata.article?.url)).toBeNull();
  });
});

describe("quick replies", () => {
  test("every Support Assistant quick reply, on every page, is answered by a help article", async () => {
    const client = app.client();
    const replies = new Set(
      ["landing", "program-builder", "home"].flatMap((page) => generalSuggestions(page)),
    );
    for (const question of replies) {
      const reply = await ask(client, "Support Chat", question);
      expect({ question, slug: answeredSlug(reply.metadata.article?.url) }).toEqual({
        question,
        slug: expect.any(String),
      });
      expect(reply.metadata.confidence).toBeGreaterThan(0);
    }
  });

  test('"Help me write about my loved one" and every other writing chip opens guided writing prompts', async () => {
    const client = app.client();
    const writing = EMOTIONAL_CHIPS.filter((chip) => /write|writing|prompt/i.test(chip));
    expect(writing).toContain("Help me write about my loved one");
    for (const chip of writing) {
      const reply = await ask(client, "Emotional Support Session", chip);
      expect({ chip, actions: reply.metadata.suggestedActions }).toEqual({
        chip,
        actions: [GUIDED_WRITING_ACTION],
      });
      expect(reply.content).toContain("Let's find the words together");
      expect(reply.content.match(/^- /gm)?.length).toBe(3);
    }
  });

  test("a sentence that only mentions writing is answered as what it is, not with prompts", async () => {
    const reply = await ask(
      app.client(),
      "Emotional Support Session",
      "I can't even write her name without crying",
    );
    expect(reply.metadata.suggestedActions ?? []).not.toContain(GUIDED_WRITING_ACTION);
    expect(reply.content).not.toContain("Let's find the words together");
  });

  test("an emotional chip asking about the app gets the help article, and no chip names a feeling", async () => {
    const client = app.client();
    const questions = EMOTIONAL_CHIPS.filter(
      (chip) => chip.endsWith("?") && !/write|writing|prompt/i.test(chip),
    );
    expect(questions).toContain("Can I save and come back later?");
    for (const question of questions) {
      const reply = await ask(client, "Emotional Support Session", question);
      expect({ question, slug: answeredSlug(reply.metadata.article?.url) }).toEqual({
        question,
        slug: expect.any(String),
      });
    }
    for (const chip of EMOTIONAL_CHIPS)
      expect(chip).not.toMatch(/\b(sad|overwhelmed|frustrated|angry|depressed)\b/i);
  });
});
