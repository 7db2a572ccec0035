import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type AppDatabase, holdUntilCommit, type Tx, write } from "../../../db/client";
import { chatMessages, chatSessions, errorReports } from "../../../db/schema";
import { timeAfterNewest } from "../../../db/time-after-newest";
import {
  CHAT_LIMITS,
  type ChatContext,
  type ChatMessage,
  type ChatMetadata,
  type ChatSession,
  type ComfortRequest,
  type CreateChatSessionInput,
  EMOTIONAL_CHAT_TITLE,
  type EmotionalState,
  type ErrorReportInput,
  type ErrorReportResponse,
  GUIDED_WRITING_ACTION,
  type SendChatMessageInput,
  type SendMessageResponse,
} from "../../shared/chatbot";
import { AppError, notFound } from "../errors";
import { getProgram } from "../programs/service";
import { type ProgramFacts, programFacts, type SupportAnswer, type SupportAnswerer } from "./answerer";
import { CRISIS_REPLY, mentionsSelfHarm } from "./crisis";
import {
  comfortFor,
  emotionalReply,
  emotionalSuggestionsFor,
  readEmotion,
  writingPromptsFor,
} from "./emotions";
import { matchKnownError } from "./error-catalogue";
import { scrubSecrets } from "./scrub-secrets";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who a chat belongs to: a signed-in user, or a visitor known only by a signed cookie. */
export type ChatOwner = { userId: string; visitorId?: undefined } | { visitorId: string; userId?: undefined };

const ownedBy = (owner: ChatOwner): SQL =>
  owner.userId !== undefined
    ? eq(chatSessions.userId, owner.userId)
    : eq(chatSessions.visitorId, owner.visitorId as string);

const WELCOME = {
  support:
    "Hello, I'm the Keepsake Support Assistant. Ask me anything about building a program, photos, printing or your account, and I'll find the answer in our help centre.",
  emotional:
    "Hello. I'm so sorry for your loss. This is a quiet place to share how you're feeling, or to find words for the one you're remembering. There's no rush; I'm here to listen.",
} as const;

const toMessage = (row: typeof chatMessages.$inferSelect): ChatMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  ...(row.metadata ? { metadata: row.metadata } : {}),
});

const findOwnedSession = async (db: AppDatabase, owner: ChatOwner | null, sessionId: string) => {
  const [row] = owner
    ? await db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.id, sessionId), ownedBy(owner)))
    : [];
  // Another person's chat is answered exactly like one that does not exist.
  if (!row) throw notFound("This chat session was not found. Please start a new chat.");
  return row;
};

export const createChatSession = async (
  db: AppDatabase,
  owner: ChatOwner,
  input: CreateChatSessionInput,
  now = new Date(),
) => {
  const kind = input.title === EMOTIONAL_CHAT_TITLE ? "emotional" : "support";
  const sessionId = crypto.randomUUID();
  await write(db, async (tx) => {
    await tx.insert(chatSessions).values({
      id: sessionId,
      userId: owner.userId ?? null,
      visitorId: owner.visitorId ?? null,
      kind,
      title: input.title,
      status: "active",
      context: input.context,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(chatMessages).values({
      id: crypto.randomUUID(),
      sessionId,
      role: "assistant",
      content: WELCOME[kind],
      createdAt: now,
    });
  });
  return { sessionId, title: input.title, status: "active" };
};

export const getChatSession = async (
  db: AppDatabase,
  owner: ChatOwner | null,
  sessionId: string,
): Promise<ChatSession> => {
  const session = await findOwnedSession(db, owner, sessionId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return { sessionId, title: session.title, status: session.status, messages: rows.map(toMessage) };
};

const assistantTurns = async (db: AppDatabase, sessionId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, "assistant")));
  return row?.n ?? 0;
};

/** Keeps a session's newest messages only, so one conversation cannot grow without end. */
const trimSession = async (tx: Tx, sessionId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId));
  const excess = (row?.n ?? 0) - CHAT_LIMITS.maxMessagesPerSession;
  if (excess <= 0) return;
  const oldest = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(excess);
  await tx.delete(chatMessages).where(
    inArray(
      chatMessages.id,
      oldest.map((r) => r.id),
    ),
  );
};

const crisisAnswer = (): SupportAnswer => ({
  content: CRISIS_REPLY,
  metadata: { crisis: true, suggestedActions: ["Call or text 988 (US)", "Call your local emergency number"] },
});

/**
 * The program a chat was opened from, when the person asking is signed in and owns it. Another
 * person's program, or one deleted since, is simply not known: the chat answers without it.
 */
const chatProgram = async (
  db: AppDatabase,
  owner: ChatOwner | null,
  programId: string | undefined,
): Promise<ProgramFacts | undefined> => {
  if (!owner?.userId || !programId) return undefined;
  try {
    return programFacts(await getProgram(db, owner.userId, programId));
  } catch (error) {
    if (error instanceof AppError && error.kind === "NOT_FOUND") return undefined;
    throw error;
  }
};

// "Help me write about my loved one", "give me a writing prompt", "how do I write a tribute?"
// A request for help with the words, not any sentence that says "write": "I can't even write her
// name without crying" is grief to answer, not a task.
const ASKS_FOR_WRITING =
  /\bhelp me (to )?write\b|\bhelp (me )?with (the )?(writing|words)\b|\b(writing )?prompts?\b|\bhow (do|can|should) i write\b|\bwords for\b|\b(write|writing) (a |an |the |my |their |her |his )?(tribute|eulogy|obituary|thank-you message)\b/i;
// "Can I save and come back later?": a question about the app, asked in the emotional chat.
const ASKS_HOW_TO = /^\s*(how|can|what|where|which|who|is|do|does|why|will)\b.*\?\s*$/i;

/**
 * The emotional chat's reply: guided writing when asked for help with words, the help article when
 * a question about the app has one, and otherwise a reply that fits what the message shows.
 */
const emotionalAnswer = async (
  answer: SupportAnswerer,
  message: string,
  context: ChatContext,
  state: EmotionalState,
  turn: number,
): Promise<SupportAnswer> => {
  if (ASKS_FOR_WRITING.test(message)) {
    const prompts = writingPromptsFor(state).slice(0, 3);
    return {
      content: `Let's find the words together. A few questions to start from; answer any of them in your own words, as briefly as you like:\n\n${prompts.map((p) => `- ${p}`).join("\n")}\n\n${GUIDED_WRITING_ACTION} (below) lets you answer them one at a time. Your answers are added to the life reflections of your program, after anything already written there, for you to edit.`,
      metadata: { suggestedActions: [GUIDED_WRITING_ACTION] },
    };
  }
  if (ASKS_HOW_TO.test(message)) {
    const help = await answer(message, context);
    if (help.metadata.article && help.metadata.confidence) return help;
  }
  return { content: emotionalReply(state, turn), metadata: {} };
};

/** Stores the user's message and the reply; a message that may be about self-harm is answered with crisis help first. */
export const sendChatMessage = async (
  db: AppDatabase,
  answer: SupportAnswerer,
  owner: ChatOwner | null,
  input: SendChatMessageInput,
  now = new Date(),
): Promise<SendMessageResponse> => {
  const session = await findOwnedSession(db, owner, input.sessionId);
  const reading = readEmotion(input.message);
  const crisis = mentionsSelfHarm(input.message);
  const turn = await assistantTurns(db, session.id);
  const reply: SupportAnswer = crisis
    ? crisisAnswer()
    : session.kind === "emotional"
      ? await emotionalAnswer(answer, input.message, input.context, reading.detected, turn)
      : await answer(
          input.message,
          input.context,
          await chatProgram(db, owner, input.context.programId ?? session.context.programId),
        );
  const supportNeeded = crisis || reading.supportNeeded;
  const detected: EmotionalState =
    crisis && reading.detected === "neutral" ? "overwhelmed" : reading.detected;
  const metadata: ChatMetadata = {
    ...reply.metadata,
    emotionalSupport: { detected, supportNeeded, confidence: crisis ? 0.95 : reading.confidence },
  };
  const assistantId = crypto.randomUUID();
  const repliedAt = await write(db, async (tx) => {
    // After the chat's last message (the welcome may be from this same millisecond), so the
    // conversation reads back in the order it was written; one message of a chat at a time.
    await holdUntilCommit(tx, "chat-session", session.id);
    const askedAt = await timeAfterNewest(
      tx,
      chatMessages,
      chatMessages.createdAt,
      eq(chatMessages.sessionId, session.id),
      now,
    );
    const answeredAt = new Date(askedAt.getTime() + 1);
    await tx.insert(chatMessages).values([
      {
        id: crypto.randomUUID(),
        sessionId: session.id,
        role: "user",
        content: input.message,
        createdAt: askedAt,
      },
      {
        id: assistantId,
        sessionId: session.id,
        role: "assistant",
        content: reply.content,
        metadata,
        createdAt: answeredAt,
      },
    ]);
    await tx.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, session.id));
    await trimSession(tx, session.id);
    return answeredAt;
  });
  const assistantMessage = {
    id: assistantId,
    content: reply.content,
    timestamp: repliedAt.toISOString(),
    metadata,
  };
  return { assistantMessage, emotionalSupport: { supportNeeded, detected } };
};

export const comfortMessage = (input: ComfortRequest) => {
  if (mentionsSelfHarm(input.message)) return { response: CRISIS_REPLY };
  return { response: comfortFor(input.emotionalState, Math.floor(Math.random() * 10)) };
};

const GENERAL_SUGGESTIONS: Record<string, readonly string[]> = {
  landing: [
    "How do I print a booklet at home?",
    "What do the plans cost?",
    "How do I add photos?",
    "Is my information private?",
  ],
  builder: [
    "How do I print a booklet at home?",
    "Which PDF should I send to a print shop?",
    "How many photos can I add?",
    "What happens when text is too long?",
  ],
  default: [
    "How do I print a booklet at home?",
    "How do I add photos?",
    "How do I make programs for several services?",
    "I forgot my password",
  ],
};

const pageKind = (page = "") =>
  page === "landing" ? "landing" : /builder|program\//.test(page) ? "builder" : "default";

/** Questions to offer in the Support Assistant, fitting the page the user is on. */
export const generalSuggestions = (currentPage?: string) => [
  ...(GENERAL_SUGGESTIONS[pageKind(currentPage)] ?? []),
];

/** Suggestions for a session: the emotional chat's follow the last feeling it read. */
export const sessionSuggestions = async (db: AppDatabase, owner: ChatOwner | null, sessionId: string) => {
  const session = await findOwnedSession(db, owner, sessionId);
  if (session.kind === "support") return generalSuggestions(session.context.currentPage);
  const [last] = await db
    .select({ metadata: chatMessages.metadata })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, "assistant")))
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  const state = last?.metadata?.emotionalSupport?.detected ?? "neutral";
  return emotionalSuggestionsFor(state).slice(0, CHAT_LIMITS.maxEmotionalSuggestions);
};

const clip = (text: string | undefined, max: number) => scrubSecrets((text ?? "").slice(0, max));

/**
 * Stores a client error, scrubbed of secrets; the same error on the same page from the same person
 * is counted on one row. Answers the known fix.
 */
export const recordErrorReport = async (
  db: AppDatabase,
  owner: ChatOwner | null,
  input: ErrorReportInput,
  now = new Date(),
): Promise<ErrorReportResponse> => {
  const { context } = input;
  const message = clip(input.error, CHAT_LIMITS.maxErrorChars);
  const page = clip(context.currentPage ?? context.location, 300);
  const type = clip(context.type ?? (input.autoReport ? "auto" : "manual"), 60);
  const match = matchKnownError(message, context.statusCode);
  const fingerprint = new Bun.CryptoHasher("sha256")
    .update(JSON.stringify([owner?.userId ?? owner?.visitorId ?? "", type, page, message.slice(0, 300)]))
    .digest("hex");
  const stack = clip(
    [input.stack, context.componentStack, context.url ? `url: ${context.url}` : ""]
      .filter(Boolean)
      .join("\n"),
    CHAT_LIMITS.maxStackChars,
  );
  // One row per fingerprint (a unique index): a repeat, even at the same moment on another
  // server, counts on the first report's row.
  const [report] = await write(db, (tx) =>
    tx
      .insert(errorReports)
      .values({
        id: crypto.randomUUID(),
        userId: owner?.userId ?? null,
        visitorId: owner?.visitorId ?? null,
        fingerprint,
        type,
        errorType: match.errorType,
        page,
        message,
        stack,
        statusCode: context.statusCode ?? null,
        userAgent: clip(context.userAgent, 300),
        count: 1,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: errorReports.fingerprint,
        set: { count: sql`${errorReports.count} + 1`, lastSeenAt: now, stack },
      })
      .returning({ id: errorReports.id }),
  );
  const reportId = report?.id as string;
  return {
    reportId,
    errorType: match.errorType,
    suggestedFix: match.suggestedFix,
    confidence: match.confidence,
    canAutoResolve: match.canAutoResolve,
  };
};

/** Deletes the error reports last seen `days` or more days before `now` (the hourly maintenance). */
export const deleteOldErrorReports = (db: AppDatabase, days: number, now = new Date()) =>
  write(db, (tx) =>
    tx.delete(errorReports).where(lt(errorReports.lastSeenAt, new Date(now.getTime() - days * DAY_MS))),
  );

/** The newest error reports, for the operator's `memorial reports`. */
export const listErrorReports = (db: AppDatabase, limit = 50) =>
  db.select().from(errorReports).orderBy(desc(errorReports.lastSeenAt), asc(errorReports.id)).limit(limit);
