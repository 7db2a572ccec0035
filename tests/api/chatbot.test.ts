import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chatMessages, chatSessions, errorReports } from "../../db/schema";
import { planBooklet } from "../../src/print/booklet/plan-booklet";
import { DEFAULT_CHAT_LIMITS } from "../../src/server/chatbot/routes";
import {
  createChatSession,
  getChatSession,
  recordErrorReport,
  sendChatMessage,
} from "../../src/server/chatbot/service";
import { runMaintenance } from "../../src/server/maintenance";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { programInputSchema } from "../../src/shared/schemas";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const newSession = async (client: TestClient, title = "Support Chat", currentPage = "home") => {
  const res = await client.post("/api/chatbot/session", {
    title,
    context: { currentPage, userAgent: "test" },
  });
  expect(res.status).toBe(201);
  return res.json.sessionId as string;
};

describe("chat sessions", () => {
  test("a signed-in user creates a session that starts with a welcome, and reads it back", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    const sessionId = await newSession(client);
    const [stored] = await app.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(stored?.userId).toBe(user.id);
    const res = await client.get(`/api/chatbot/session/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ sessionId, status: "active", title: "Support Chat" });
    expect(res.json.messages).toHaveLength(1);
    expect(res.json.messages[0]).toMatchObject({ role: "assistant" });
    expect(res.json.messages[0].content).toContain("Support Assistant");
  });

  test("the visitor cookie's Secure flag follows PUBLIC_URL, not a request claiming https", async () => {
    const res = await app
      .client()
      .post(
        "/api/chatbot/session",
        { title: "Support Chat", context: { currentPage: "landing" } },
        { "x-forwarded-proto": "https" },
      );
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).not.toContain("Secure");
  });

  test("an anonymous visitor gets a chat bound to a signed, HttpOnly cookie", async () => {
    const visitor = app.client();
    const res = await visitor.post("/api/chatbot/session", {
      title: "Support Chat",
      context: { currentPage: "landing" },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^kv=[^;]+\.[^;]+/);
    expect(cookie).toContain("HttpOnly");
    expect((await visitor.get(`/api/chatbot/session/${res.json.sessionId}`)).status).toBe(200);
    // A forged cookie (the visitor id with a made-up signature) is worth nothing.
    const forger = app.client();
    forger.cookie = `kv=${visitor.cookie.slice(3).split(".")[0]}.forged`;
    expect((await forger.get(`/api/chatbot/session/${res.json.sessionId}`)).status).toBe(404);
  });

  test("another user's or visitor's session is a 404, and sending to it writes nothing", async () => {
    const owner = app.client();
    await owner.signUp();
    const sessionId = await newSession(owner);
    const other = app.client();
    await other.signUp();
    const visitor = app.client();
    await newSession(visitor);
    for (const client of [other, visitor, app.client()]) {
      expect((await client.get(`/api/chatbot/session/${sessionId}`)).status).toBe(404);
      expect((await client.get(`/api/chatbot/suggestions/${sessionId}`)).status).toBe(404);
      const before = await rowCount(app.db, chatMessages);
      const res = await client.post("/api/chatbot/message", { message: "hello", sessionId, context: {} });
      expect(res.status).toBe(404);
      expect(await rowCount(app.db, chatMessages)).toBe(before);
    }
  });

  test("a bad title is a 400 naming the field; an unknown session is a 404", async () => {
    const client = app.client();
    const res = await client.post("/api/chatbot/session", { title: 5 });
    expect(res.status).toBe(400);
    expect(res.json.fields[0].path).toBe("title");
    const long = await client.post("/api/chatbot/session", { title: "x".repeat(500) });
    expect(long.status).toBe(400);
    expect((await client.get("/api/chatbot/session/no-such-session")).status).toBe(404);
  });
});

describe("the Support Assistant", () => {
  test("answers how to print a booklet at home from the help centre, citing and linking the article", async () => {
    const client = app.client();
    const sessionId = await newSession(client, "Support Chat", "landing");
    const res = await client.post("/api/chatbot/message", {
      message: "How do I print a booklet at home?",
      sessionId,
      context: { currentPage: "landing" },
    });
    expect(res.status).toBe(200);
    const { assistantMessage, emotionalSupport } = res.json;
    expect(assistantMessage.content).toContain("Printing at home");
    expect(assistantMessage.content).toContain("Home printer");
    expect(assistantMessage.content).toContain("flip on the short edge");
    expect(assistantMessage.metadata.article.url).toBe("/support#printing-at-home--print-a-booklet-at-home");
    expect(emotionalSupport).toEqual({ supportNeeded: false, detected: "neutral" });
    const session = await client.get(`/api/chatbot/session/${sessionId}`);
    expect(session.json.messages.map((m: { role: string }) => m.role)).toEqual([
      "assistant",
      "user",
      "assistant",
    ]);
  });

  test("a chat opened from a program answers why its PDF has so many pages, from that program's print plan", async () => {
    const client = app.client();
    await client.signUp();
    const paragraph =
      "She kept a garden that fed the whole street, and every autumn she pressed apples with her grandchildren in the old barn behind the house. ";
    const created = await client.post("/api/programs", {
      fullName: "Eleanor Grace Whitfield",
      lifeReflections: Array.from({ length: 30 }, () => paragraph.repeat(3)).join("\n\n"),
    });
    expect(created.status).toBe(201);
    const programId = created.json.id as string;
    const pages = planBooklet(programInputSchema.parse(created.json)).pages.length;
    expect(pages).toBeGreaterThan(8);
    const context = { currentPage: `/program-builder/${programId}`, programId };
    /** Asks in a new chat opened from that program's builder. */
    const askFromTheBuilder = async (asker: TestClient) => {
      const session = await asker.post("/api/chatbot/session", { title: "Support Chat", context });
      return asker.post("/api/chatbot/message", {
        message: `Why is my PDF ${pages} pages?`,
        sessionId: session.json.sessionId,
        context,
      });
    };
    const res = await askFromTheBuilder(client);
    expect(res.status).toBe(200);
    const { content } = res.json.assistantMessage;
    expect(content).toContain(`Eleanor Grace Whitfield's program prints as ${pages} pages.`);
    expect(content).toContain("Life reflections continues on");

    // Someone else naming that program learns nothing of it: the help centre answers instead.
    const stranger = app.client();
    await stranger.signUp();
    const asked = await askFromTheBuilder(stranger);
    expect(asked.status).toBe(200);
    expect(asked.json.assistantMessage.content).not.toContain("Eleanor");
    expect(asked.json.assistantMessage.content).not.toContain("prints as");
  });

  test("a question asked in the millisecond the chat began still reads back after the welcome", async () => {
    const moment = new Date();
    const owner = { visitorId: crypto.randomUUID() };
    const context = { currentPage: "landing", userAgent: "test" };
    const { sessionId } = await createChatSession(app.db, owner, { title: "Support Chat", context }, moment);
    const asked = { sessionId, message: "How do I add photos?", context };
    // The answer's text does not matter here, only where it is stored.
    const answer = async () => ({ content: "Photos are added in the builder.", metadata: {} });
    const { assistantMessage } = await sendChatMessage(app.db, answer, owner, asked, moment);
    const session = await getChatSession(app.db, owner, sessionId);
    expect(session.messages.map((m) => m.role)).toEqual(["assistant", "user", "assistant"]);
    expect(session.messages.at(-1)?.id).toBe(assistantMessage.id);
    expect(Date.parse(assistantMessage.timestamp)).toBeGreaterThan(moment.getTime());
  });

  test("says plainly when it does not know", async () => {
    const client = app.client();
    const sessionId = await newSession(client);
    const res = await client.post("/api/chatbot/message", {
      message: "What's the weather tomorrow?",
      sessionId,
    });
    expect(res.status).toBe(200);
    expect(res.json.assistantMessage.content).toContain("I don't know");
    expect(res.json.assistantMessage.metadata.confidence).toBe(0);
  });

  test("a pasted error gets its known fix with errorType, suggestedFix and confidence", async () => {
    const client = app.client();
    const sessionId = await newSession(client);
    const res = await client.post("/api/chatbot/message", {
      message: "I ran into an error: TypeError: Failed to fetch",
      sessionId,
    });
    expect(res.json.assistantMessage.metadata).toMatchObject({
      errorType: "network_error",
      confidence: 0.75,
    });
    expect(res.json.assistantMessage.metadata.suggestedFix).toContain("internet connection");
  });

  test.each([
    [{ message: "   " }, "message", "Message is required"],
    [{ message: "x".repeat(2001) }, "message", "Message must be at most 2,000 characters"],
    [{ sessionId: undefined }, "sessionId", "Session ID is required"],
  ])(
    "refuses a bad message (%j) with a 400 naming the field and writes nothing",
    async (override, path, text) => {
      const client = app.client();
      const sessionId = await newSession(client);
      const before = await rowCount(app.db, chatMessages);
      const res = await client.post("/api/chatbot/message", { message: "hi", sessionId, ...override });
      expect(res.status).toBe(400);
      expect(res.json.fields).toContainEqual({ path, message: text });
      expect(await rowCount(app.db, chatMessages)).toBe(before);
    },
  );

  test("general suggestions fit the page", async () => {
    const res = await app.client().get("/api/chatbot/suggestions?currentPage=landing");
    expect(res.status).toBe(200);
    expect(res.json).toContain("How do I print a booklet at home?");
    expect((await app.client().get(`/api/chatbot/suggestions?currentPage=${"x".repeat(300)}`)).status).toBe(
      400,
    );
  });
});

describe("the Emotional Support chat", () => {
  test("reads sadness, answers with care and says support is needed", async () => {
    const client = app.client();
    await client.signUp();
    const sessionId = await newSession(client, "Emotional Support Session");
    const welcome = await client.get(`/api/chatbot/session/${sessionId}`);
    expect(welcome.json.messages[0].content).toContain("I'm so sorry for your loss");
    const res = await client.post("/api/chatbot/message", {
      message: "I miss my mother so much, I keep crying",
      sessionId,
      context: { currentPage: "home" },
    });
    expect(res.status).toBe(200);
    expect(res.json.emotionalSupport).toEqual({ supportNeeded: true, detected: "sad" });
    expect(res.json.assistantMessage.metadata.emotionalSupport).toMatchObject({
      detected: "sad",
      supportNeeded: true,
    });
    const suggestions = await client.get(`/api/chatbot/suggestions/${sessionId}`);
    expect(suggestions.status).toBe(200);
    expect(suggestions.json.length).toBeLessThanOrEqual(3);
    expect(suggestions.json).toContain("I miss them so much");
  });

  test.each([
    ["overwhelmed", "There is too much to do and I don't know where to start"],
    ["frustrated", "This is so frustrating, the upload doesn't work"],
    ["peaceful", "I feel calm now, she is at peace"],
    ["grateful", "Thank you, I'm so grateful for the help"],
    ["neutral", "We are planning the service for Saturday"],
  ])("detects %s", async (state, message) => {
    const client = app.client();
    const sessionId = await newSession(client, "Emotional Support Session");
    const res = await client.post("/api/chatbot/message", { message, sessionId });
    expect(res.json.emotionalSupport.detected).toBe(state);
  });

  test("a message about self-harm is answered at once with crisis resources, in either chat", async () => {
    for (const title of ["Emotional Support Session", "Support Chat"]) {
      const client = app.client();
      const sessionId = await newSession(client, title);
      const res = await client.post("/api/chatbot/message", {
        message: "Since he died I don't want to live anymore",
        sessionId,
      });
      expect(res.status).toBe(200);
      const { content, metadata } = res.json.assistantMessage;
      expect(content).toContain("988 Suicide & Crisis Lifeline");
      expect(content).toContain("call or text 988");
      expect(content).toContain("local emergency number");
      expect(content.indexOf("988")).toBeLessThan(300);
      expect(metadata.crisis).toBe(true);
      expect(res.json.emotionalSupport.supportNeeded).toBe(true);
    }
    const comfort = await app.client().post("/api/chatbot/comfort", {
      message: "I want to end my life",
      emotionalState: "sad",
    });
    expect(comfort.json.response).toContain("988");
  });

  test("comfort answers for the state given; a bad body is a 400", async () => {
    const res = await app.client().post("/api/chatbot/comfort", {
      message: "I miss her",
      emotionalState: "sad",
      context: { currentPage: "home" },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.length).toBeGreaterThan(20);
    const bad = await app.client().post("/api/chatbot/comfort", { message: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe("message");
  });

  test("writing prompts follow the feeling in the context; bad context JSON is a 400", async () => {
    const sad = await app
      .client()
      .get(
        `/api/chatbot/writing-prompts?context=${encodeURIComponent(JSON.stringify({ emotionalState: "sad" }))}`,
      );
    expect(sad.status).toBe(200);
    expect(sad.json.prompts).toContain("What do you miss most about an ordinary day with them?");
    const plain = await app.client().get("/api/chatbot/writing-prompts");
    expect(plain.json.prompts.length).toBeGreaterThanOrEqual(3);
    const bad = await app.client().get("/api/chatbot/writing-prompts?context=%7Bnot-json");
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe("context");
  });

  test("a feeling we have no words for, even one every object has, is a 400 naming the field", async () => {
    for (const state of ["constructor", "__proto__", "toString", "hasOwnProperty", "angry"]) {
      const prompts = await app
        .client()
        .get(
          `/api/chatbot/writing-prompts?context=${encodeURIComponent(JSON.stringify({ emotionalState: state }))}`,
        );
      expect(prompts.status).toBe(400);
      expect(prompts.json.fields[0].path).toBe("context.emotionalState");
      expect(prompts.json.message).toContain("must be one of");
      const comfort = await app
        .client()
        .post("/api/chatbot/comfort", { message: "I miss her", emotionalState: state });
      expect(comfort.status).toBe(400);
      expect(comfort.json.fields[0].path).toBe("emotionalState");
      const before = await rowCount(app.db, chatSessions);
      const session = await app
        .client()
        .post("/api/chatbot/session", { title: "Support Chat", context: { emotionalState: state } });
      expect(session.status).toBe(400);
      expect(session.json.fields[0].path).toBe("context.emotionalState");
      expect(await rowCount(app.db, chatSessions)).toBe(before);
    }
  });
});

describe("error reports", () => {
  test("are stored with user, page, message and stack, counted, and scrubbed of secrets", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    const report = {
      error: "500: upstream failed for /api/programs?token=abc123secret&password=hunter2",
      stack:
        "Error: boom\n    at save (app.js:1:1) Authorization: Bearer eyJhbGciOi.eyJzdWIiOiIxMjM0.c2lnbmF0dXJl",
      context: {
        currentPage: "/program-builder",
        type: "fetch-error",
        statusCode: 500,
        userAgent: "test",
        url: "/api/programs?sid=s3cr3t",
      },
      autoReport: true,
    };
    const res = await client.post("/api/chatbot/error-report", report);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ errorType: "server_error", confidence: 0.9, canAutoResolve: false });
    expect(res.json.suggestedFix).toContain("on our side");
    expect(JSON.stringify(res.json)).not.toContain("hunter2");
    await client.post("/api/chatbot/error-report", report);
    const [row] = await app.db.select().from(errorReports).where(eq(errorReports.id, res.json.reportId));
    expect(row).toMatchObject({
      userId: user.id,
      page: "/program-builder",
      count: 2,
      type: "fetch-error",
      statusCode: 500,
    });
    const stored = JSON.stringify(row);
    for (const secret of ["abc123secret", "hunter2", "s3cr3t", "eyJzdWIiOiIxMjM0"])
      expect(stored).not.toContain(secret);
    expect(row?.message).toContain("[redacted]");
  });

  test("our own API keys and webhook secrets are scrubbed, all of them, dashes and underscores included", async () => {
    const client = app.client();
    await client.signUp();
    const created = await client.post("/api/integration/keys", { name: "Case system" });
    expect(created.status).toBe(201);
    const apiKey: string = created.json.key;
    // A webhook secret as the server makes them: whsec_ and base64url, so `-` and `_` can appear.
    const webhookSecret = "whsec_Ab-9_xY-kP0q_Zr-7mN_wQ2e";
    const res = await client.post("/api/chatbot/error-report", {
      error: `import failed with key ${apiKey}`,
      stack: `signing with ${webhookSecret} failed\nX-Api-Key ${apiKey}`,
      context: { currentPage: "/settings", url: `/api/integration/import?k=${apiKey}` },
    });
    expect(res.status).toBe(200);
    const [row] = await app.db.select().from(errorReports).where(eq(errorReports.id, res.json.reportId));
    const stored = JSON.stringify(row);
    for (const secret of [apiKey, apiKey.slice(8), webhookSecret, webhookSecret.slice(6)])
      expect(stored).not.toContain(secret);
    // Nothing but the prefix survives of either: not even the part after a `-` or `_`.
    for (const tail of [...apiKey.slice(8).split(/[-_]/), ...webhookSecret.slice(6).split(/[-_]/)])
      if (tail.length >= 4) expect(stored).not.toContain(tail);
    expect(row?.message).toBe("import failed with key [redacted]");
  });

  test("reports last seen longer ago than ERROR_REPORT_DAYS are deleted by the maintenance round", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const old = await recordErrorReport(
      app.db,
      null,
      { error: "old boom", stack: undefined, context: {} },
      daysAgo(31),
    );
    const recent = await recordErrorReport(
      app.db,
      null,
      { error: "recent boom", stack: undefined, context: {} },
      daysAgo(29),
    );
    const storage = createLocalPhotoStorage(app.dataDir);
    await runMaintenance({ db: app.db, storage }, now, { errorReportDays: 30 });
    const ids = (await app.db.select({ id: errorReports.id }).from(errorReports)).map((r) => r.id);
    expect(ids).not.toContain(old.reportId);
    expect(ids).toContain(recent.reportId);
    // By default they are kept 90 days.
    await runMaintenance({ db: app.db, storage }, daysAgo(-60));
    expect((await app.db.select({ id: errorReports.id }).from(errorReports)).map((r) => r.id)).toContain(
      recent.reportId,
    );
  });

  test("a report without an error is a 400 and stores nothing; long fields are cut, a huge body is a 413", async () => {
    const before = await rowCount(app.db, errorReports);
    const res = await app.client().post("/api/chatbot/error-report", { context: {} });
    expect(res.status).toBe(400);
    expect(res.json.fields[0].path).toBe("error");
    expect(await rowCount(app.db, errorReports)).toBe(before);
    const long = await app
      .client()
      .post("/api/chatbot/error-report", { error: "x".repeat(50_000), context: { currentPage: "/" } });
    expect(long.status).toBe(200);
    const [row] = await app.db.select().from(errorReports).where(eq(errorReports.id, long.json.reportId));
    expect(row?.message.length).toBe(2000);
  });
});

describe("rate limits", () => {
  test("messages, sessions and error reports answer 429 past their limit", async () => {
    const limited = await startTestApp({
      chatLimits: { ...DEFAULT_CHAT_LIMITS, messages: 3, sessions: 2, errorReports: 2 },
    });
    try {
      const client = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await client.post("/api/chatbot/session", { title: "Support Chat" })).status);
      expect(statuses).toEqual([201, 201, 429]);
      const [session] = await limited.db.select().from(chatSessions).limit(1);
      const sent: number[] = [];
      for (let i = 0; i < 4; i++)
        sent.push(
          (await client.post("/api/chatbot/message", { message: "hello", sessionId: session?.id })).status,
        );
      expect(sent).toEqual([200, 200, 200, 429]);
      const tooMany = await client.post("/api/chatbot/message", { message: "hello", sessionId: session?.id });
      expect(tooMany.json.message).toContain("Please wait a minute");
      const reports: number[] = [];
      for (let i = 0; i < 3; i++)
        reports.push((await client.post("/api/chatbot/error-report", { error: "boom", context: {} })).status);
      expect(reports).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });

  test("one address may send few error reports a minute, and only so many a day, whoever it claims to be", async () => {
    const limited = await startTestApp({
      chatLimits: { ...DEFAULT_CHAT_LIMITS, errorReportsPerAddress: 3, errorReportsPerAddressPerDay: 5 },
    });
    try {
      // A new visitor each time (no cookie): only the address can be counted.
      const send = () => limited.client().post("/api/chatbot/error-report", { error: "boom", context: {} });
      const minute: number[] = [];
      for (let i = 0; i < 4; i++) minute.push((await send()).status);
      expect(minute).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.stop();
    }
    const daily = await startTestApp({
      chatLimits: { ...DEFAULT_CHAT_LIMITS, errorReportsPerAddress: 100, errorReportsPerAddressPerDay: 5 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await daily.client().post("/api/chatbot/error-report", { error: `boom ${i}`, context: {} }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await daily.client().post("/api/chatbot/error-report", { error: "boom", context: {} });
      expect(refused.json.message).toContain("5 a day");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 60);
      expect(await rowCount(daily.db, errorReports)).toBe(5);
    } finally {
      await daily.stop();
    }
  });
});

describe("the help centre", () => {
  test("lists every article and searches them", async () => {
    const articles = await app.client().get("/api/help/articles");
    expect(articles.status).toBe(200);
    expect(articles.json.map((a: { slug: string }) => a.slug)).toContain("printing-at-home");
    expect(articles.json[0].html).toContain("<h2 id=");
    const hits = await app.client().get("/api/help/search?q=crop%20marks");
    expect(hits.json[0]).toMatchObject({ slug: "printing-at-a-print-shop" });
    expect((await app.client().get("/api/help/search?q=")).status).toBe(400);
  });
});
