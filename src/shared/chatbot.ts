// The support chat and error reports: requests, answers and limits shared by the server and the widgets.
import { z } from "zod";
import { CHAT_LIMITS } from "./chat-limits";

export { CHAT_LIMITS };

export const SUPPORT_CHAT_TITLE = "Support Chat";
export const EMOTIONAL_CHAT_TITLE = "Emotional Support Session";

const EMOTIONAL_STATES = ["overwhelmed", "sad", "frustrated", "peaceful", "grateful", "neutral"] as const;
export type EmotionalState = (typeof EMOTIONAL_STATES)[number];

const contextText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(
      CHAT_LIMITS.maxContextTextChars,
      `${field} must be at most ${CHAT_LIMITS.maxContextTextChars} characters`,
    )
    .optional();

// One of the states we have words for; anything else (even a name every object has, such as
// "constructor") is refused naming the field rather than looked up.
const emotionalStateField = (field: string) =>
  z.enum(EMOTIONAL_STATES, { error: `${field} must be one of: ${EMOTIONAL_STATES.join(", ")}` });

/** Where the user is; every field optional, unknown fields dropped. */
export const chatContextSchema = z
  .object({
    currentPage: contextText("context.currentPage"),
    programId: contextText("context.programId"),
    userAgent: contextText("context.userAgent"),
    emotionalState: emotionalStateField("context.emotionalState").optional(),
  })
  .default({});
export type ChatContext = z.infer<typeof chatContextSchema>;

export const createChatSessionSchema = z.object({
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(CHAT_LIMITS.maxTitleChars, `Title must be at most ${CHAT_LIMITS.maxTitleChars} characters`)
    .default(SUPPORT_CHAT_TITLE)
    .transform((t) => t || SUPPORT_CHAT_TITLE),
  context: chatContextSchema,
});
export type CreateChatSessionInput = z.infer<typeof createChatSessionSchema>;

const messageText = z
  .string({ error: "Message is required" })
  .refine((v) => v.trim() !== "", "Message is required")
  .refine(
    (v) => v.length <= CHAT_LIMITS.maxMessageChars,
    `Message must be at most ${CHAT_LIMITS.maxMessageChars.toLocaleString("en-US")} characters`,
  );

export const sendChatMessageSchema = z.object({
  message: messageText,
  sessionId: z.string({ error: "Session ID is required" }).min(1, "Session ID is required").max(100),
  context: chatContextSchema,
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageSchema>;

export const comfortRequestSchema = z.object({
  message: messageText,
  emotionalState: emotionalStateField("emotionalState").default("neutral"),
  context: chatContextSchema,
});
export type ComfortRequest = z.infer<typeof comfortRequestSchema>;

export const errorReportSchema = z.object({
  error: z
    .string({ error: "Error is required" })
    .refine((v) => v.trim() !== "", "Error is required")
    .transform((v) => v.slice(0, CHAT_LIMITS.maxErrorChars)),
  stack: z
    .string({ error: "Stack must be text" })
    .optional()
    .transform((v) => v?.slice(0, CHAT_LIMITS.maxStackChars)),
  context: z
    .object({
      componentStack: z.string().optional(),
      currentPage: z.string().optional(),
      userAgent: z.string().optional(),
      timestamp: z.string().optional(),
      type: z.string().optional(),
      location: z.string().optional(),
      statusCode: z.number().int().optional(),
      url: z.string().optional(),
    })
    .default({}),
  autoReport: z.boolean({ error: "autoReport must be true or false" }).optional(),
});
export type ErrorReportInput = z.infer<typeof errorReportSchema>;

const chatMetadataSchema = z.object({
  errorType: z.string().optional(),
  suggestedFix: z.string().optional(),
  confidence: z.number().optional(),
  emotionalSupport: z
    .object({ detected: z.enum(EMOTIONAL_STATES), supportNeeded: z.boolean(), confidence: z.number() })
    .optional(),
  suggestedActions: z.array(z.string()).optional(),
  /** The help article the answer came from, linked under the message. */
  article: z.object({ title: z.string(), url: z.string() }).optional(),
  crisis: z.boolean().optional(),
});
export type ChatMetadata = z.infer<typeof chatMetadataSchema>;

const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant", "system"]),
  content: z.string(),
  timestamp: z.string(),
  metadata: chatMetadataSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const createdChatSessionSchema = z.object({
  sessionId: z.string(),
  title: z.string(),
  status: z.string(),
});

export const chatSessionSchema = createdChatSessionSchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const sendMessageResponseSchema = z.object({
  assistantMessage: chatMessageSchema.omit({ role: true }),
  emotionalSupport: z.object({ supportNeeded: z.boolean(), detected: z.enum(EMOTIONAL_STATES) }),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const comfortResponseSchema = z.object({ response: z.string() });

/** Questions to offer as one-tap chips. */
export const chatSuggestionsSchema = z.array(z.string());

export const chatSuggestionsQuerySchema = z.object({ currentPage: z.string().max(200).optional() });

/** `context` is the chat context as a JSON string, of which only `emotionalState` is read. */
export const writingPromptsQuerySchema = z.object({
  context: z
    .string({ error: "context must be a JSON object" })
    .max(2000, "context must be at most 2000 characters")
    .optional(),
});

export const writingPromptsResponseSchema = z.object({ prompts: z.array(z.string()) });

export const errorReportResponseSchema = z.object({
  reportId: z.string(),
  errorType: z.string(),
  suggestedFix: z.string(),
  confidence: z.number(),
  canAutoResolve: z.boolean(),
});
export type ErrorReportResponse = z.infer<typeof errorReportResponseSchema>;

const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
});
export const helpArticleSchema = helpArticleSummarySchema.extend({ html: z.string() });
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpSearchHitSchema = helpArticleSummarySchema.extend({
  section: z.string(),
  url: z.string(),
  excerpt: z.string(),
});
export type HelpSearchHit = z.infer<typeof helpSearchHitSchema>;

export const helpSearchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q is required")
    .max(200, "q must be at most 200 characters"),
});

/** Where people write when the help centre and the assistant cannot help. */
export const SUPPORT_EMAIL = "support@keepsake.app";

/** The action an emotional-chat reply offers when asked for help with words: guided writing prompts. */
export const GUIDED_WRITING_ACTION = "Start guided writing";
