import type { ChatContext, ChatSession, EmotionalState, SendMessageResponse } from "../../../shared/chatbot";
import { apiRequest } from "../../lib/api";

export const chatSessionKey = (sessionId: string | null) =>
  ["/api/chatbot/session", sessionId ?? ""] as const;

export const startChatSession = (title: string, context: ChatContext) =>
  apiRequest<{ sessionId: string; status: string }>("POST", "/api/chatbot/session", {
    title,
    context: { ...context, userAgent: navigator.userAgent.slice(0, 500) },
  });

export const fetchChatSession = (sessionId: string) =>
  apiRequest<ChatSession>("GET", `/api/chatbot/session/${encodeURIComponent(sessionId)}`);

export const sendChatMessage = (sessionId: string, message: string, context: ChatContext) =>
  apiRequest<SendMessageResponse>("POST", "/api/chatbot/message", { message, sessionId, context });

export const requestComfort = (message: string, emotionalState: EmotionalState, context: ChatContext) =>
  apiRequest<{ response: string }>("POST", "/api/chatbot/comfort", { message, emotionalState, context });

export const fetchWritingPrompts = (context: ChatContext) =>
  apiRequest<{ prompts: string[] }>(
    "GET",
    `/api/chatbot/writing-prompts?context=${encodeURIComponent(JSON.stringify(context))}`,
  );
