import { type Cookie, Elysia } from "elysia";
import { signCookie, unsignCookie } from "elysia/utils";
import { z } from "zod";
import type { AppDatabase } from "../../../db/client";
import {
  chatContextSchema,
  chatSuggestionsQuerySchema,
  comfortRequestSchema,
  createChatSessionSchema,
  errorReportSchema,
  sendChatMessageSchema,
  writingPromptsQuerySchema,
} from "../../shared/chatbot";
import { openAiSettingsFrom } from "../ai/openai-json";
import { FailureLimiter, rateLimited } from "../auth/failure-limiter";
import { rateLimitStore } from "../auth/rate-limit-store";
import { resolveSession } from "../auth/service";
import { SESSION_COOKIE, secureCookiesFor } from "../auth/session-cookie";
import type { Config } from "../config";
import { AppError } from "../errors";
import type { HelpCentre } from "../help/help-centre";
import { clientAddress } from "../http/client-address";
import { parseInput } from "../http/parse-input";
import { createOfflineAnswerer } from "./answerer";
import { writingPromptsFor } from "./emotions";
import { createModelAnswerer } from "./model-answerer";
import {
  type ChatOwner,
  comfortMessage,
  createChatSession,
  generalSuggestions,
  getChatSession,
  recordErrorReport,
  sendChatMessage,
  sessionSuggestions,
} from "./service";

/** An anonymous visitor's chat is bound to this signed cookie. */
const VISITOR_COOKIE = "kv";
const VISITOR_COOKIE_DAYS = 180;
/** A report is a message and a stack: far below the API's general body limit. */
const MAX_ERROR_REPORT_BYTES = 64 * 1024;

export type ChatLimits = {
  /** Requests one person (user or visitor) may make per window, by kind. */
  messages: number;
  sessions: number;
  errorReports: number;
  /** One network address gets this many times a person's allowance: visitors can drop their cookie. */
  perAddressFactor: number;
  /**
   * Error reports one address may send per window, whoever it is, and per day: a browser sends at
   * most one automatic report per error type every few seconds, and nobody reads thousands a day.
   */
  errorReportsPerAddress: number;
  errorReportsPerAddressPerDay: number;
  windowMs: number;
};

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  messages: 20,
  sessions: 10,
  errorReports: 10,
  perAddressFactor: 5,
  errorReportsPerAddress: 20,
  errorReportsPerAddressPerDay: 300,
  windowMs: 60_000,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The signed-in user, else the visitor of the signed cookie; with `create`, a new visitor gets one.
 * A cookie whose signature fails (tampered, or signed with an old secret) counts as no cookie.
 */
const chatOwner = async (
  db: AppDatabase,
  secret: string,
  cookie: Record<string, Cookie<unknown>>,
  secure: boolean,
  create: boolean,
): Promise<ChatOwner | null> => {
  const token = cookie[SESSION_COOKIE]?.value;
  const session = typeof token === "string" ? await resolveSession(db, token) : null;
  if (session) return { userId: session.user.id };
  const jar = cookie[VISITOR_COOKIE];
  const signed = jar?.value;
  const visitorId = typeof signed === "string" && signed !== "" ? await unsignCookie(signed, secret) : false;
  if (visitorId) return { visitorId };
  if (!create || !jar) return null;
  const fresh = crypto.randomUUID();
  jar.set({
    value: await signCookie(fresh, secret),
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/api/chatbot",
    maxAge: VISITOR_COOKIE_DAYS * 24 * 60 * 60,
  });
  return { visitorId: fresh };
};

const ownerKey = (owner: ChatOwner | null) =>
  owner?.userId ? `u:${owner.userId}` : `v:${owner?.visitorId ?? ""}`;

// Parsed as the `context` field so a refused value is named where it was sent: context.emotionalState.
const jsonContextSchema = z.object({ context: chatContextSchema });

const parseJsonContext = (raw: string | undefined) => {
  if (!raw) return {};
  try {
    return parseInput(jsonContextSchema, { context: JSON.parse(raw) }).context;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("VALIDATION", "context must be a JSON object", [
      { path: "context", message: "context must be a JSON object" },
    ]);
  }
};

/** The Support Assistant and Emotional Support chat, and automatic error reports, for everyone. */
export const chatbotRoutes = (
  db: AppDatabase,
  config: Config,
  help: HelpCentre,
  secret: string,
  limits: ChatLimits = DEFAULT_CHAT_LIMITS,
) => {
  const offline = createOfflineAnswerer(help);
  // Secure as the session cookie is: from PUBLIC_URL, never from what a request claims.
  const secureCookies = secureCookiesFor(config.PUBLIC_URL);
  const settings = openAiSettingsFrom(config);
  const answer = settings ? createModelAnswerer(settings, help, offline) : offline;
  const limiter = (scope: string, max: number, byAddress = max * limits.perAddressFactor) => ({
    person: new FailureLimiter(rateLimitStore(db, `chat-${scope}-person`), max, limits.windowMs),
    address: new FailureLimiter(rateLimitStore(db, `chat-${scope}-address`), byAddress, limits.windowMs),
  });
  const buckets = {
    messages: limiter("messages", limits.messages),
    sessions: limiter("sessions", limits.sessions),
    errorReports: limiter("error-reports", limits.errorReports, limits.errorReportsPerAddress),
  };
  const errorReportsToday = new FailureLimiter(
    rateLimitStore(db, "chat-error-reports-day-address"),
    limits.errorReportsPerAddressPerDay,
    DAY_MS,
  );
  /** Counts one request, or answers 429 when this person or address has sent too many. */
  const take = async (bucket: keyof typeof buckets, owner: ChatOwner | null, address: string) => {
    const { person, address: byAddress } = buckets[bucket];
    const key = ownerKey(owner);
    const personWait = owner ? await person.take(key) : 0;
    const wait = personWait || (await byAddress.take(address));
    if (wait === 0) return;
    if (owner && personWait === 0) await person.giveBack(key);
    throw rateLimited(
      "You're sending messages faster than I can keep up. Please wait a minute, then try again.",
      wait,
    );
  };

  return new Elysia({ prefix: "/chatbot" })
    .derive(({ request }) => ({ address: clientAddress(request, config.TRUSTED_PROXY) }))
    .post("/session", async ({ body, cookie, address, set }) => {
      const input = parseInput(createChatSessionSchema, body);
      const owner = await chatOwner(db, secret, cookie, secureCookies, true);
      await take("sessions", owner, address);
      set.status = 201;
      return createChatSession(db, owner as ChatOwner, input);
    })
    .get("/session/:sessionId", async ({ params, cookie }) =>
      getChatSession(db, await chatOwner(db, secret, cookie, secureCookies, false), params.sessionId),
    )
    .get("/suggestions", ({ query }) => {
      const { currentPage } = parseInput(chatSuggestionsQuerySchema, query);
      return generalSuggestions(currentPage);
    })
    .get("/suggestions/:sessionId", async ({ params, cookie }) =>
      sessionSuggestions(db, await chatOwner(db, secret, cookie, secureCookies, false), params.sessionId),
    )
    .post("/message", async ({ body, cookie, address }) => {
      const input = parseInput(sendChatMessageSchema, body);
      const owner = await chatOwner(db, secret, cookie, secureCookies, false);
      await take("messages", owner, address);
      return sendChatMessage(db, answer, owner, input);
    })
    .post("/comfort", async ({ body, cookie, address }) => {
      const input = parseInput(comfortRequestSchema, body);
      await take("messages", await chatOwner(db, secret, cookie, secureCookies, false), address);
      return comfortMessage(input);
    })
    .get("/writing-prompts", ({ query }) => {
      const { context } = parseInput(writingPromptsQuerySchema, query);
      return { prompts: writingPromptsFor(parseJsonContext(context).emotionalState ?? "neutral") };
    })
    .post("/error-report", async ({ body, cookie, request, address }) => {
      if (Number(request.headers.get("content-length") ?? 0) > MAX_ERROR_REPORT_BYTES)
        throw new AppError("PAYLOAD_TOO_LARGE", "This error report is too large: the limit is 64 KB.");
      const input = parseInput(errorReportSchema, body);
      const owner = await chatOwner(db, secret, cookie, secureCookies, false);
      await take("errorReports", owner, address);
      const wait = await errorReportsToday.take(address);
      if (wait > 0)
        throw rateLimited(
          `Thank you, we have enough error reports from this network for today (${limits.errorReportsPerAddressPerDay} a day). Please try again tomorrow.`,
          wait,
        );
      return recordErrorReport(db, owner, input);
    });
};
