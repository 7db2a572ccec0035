import { useQuery } from "@tanstack/react-query";
import type { ChatContext, ChatSession, EmotionalState, SendMessageResponse } from "../../../shared/chatbot";
import { apiRequest } from "../../lib/api";

export const chatSessionKey = (sessionId: string | null) =>
  ["/api/chatbot/session", sessionId ?? ""] as const;

export const startChatSession = (title: string, context: ChatContext) =>
  apiRequest<{ sessionId: string; status: string }>("POST", "/api/chatbot/session", {
    title,
    context: { ...context, userAgent: navigator.userAgent.slice(0, 500) },
  });

const fetchChatSession = (sessionId: string) =>
  apiRequest<ChatSession>("GET", `/api/chatbot/session/${encodeURIComponent(sessionId)}`);

/** The chat's messages and status, once it has a session. */
export const useChatSession = (sessionId: string | null) =>
  useQuery({
    queryKey: chatSessionKey(sessionId),
    queryFn: () => fetchChatSession(sessionId ?? ""),
    enabled: sessionId !== null,
  });

/** The assistant's opening questions for a page. */
export const fetchPageSuggestions = (currentPage: string) =>
  apiRequest<string[]>("GET", `/api/chatbot/suggestions?currentPage=${encodeURIComponent(currentPage)}`);

/** Openings for the emotional chat, chosen for its session. */
export const fetchSessionSuggestions = (sessionId: string) =>
  apiRequest<string[]>("GET", `/api/chatbot/suggestions/${encodeURIComponent(sessionId)}`);

export const sendChatMessage = (sessionId: string, message: string, context: ChatContext) =>
  apiRequest<SendMessageResponse>("POST", "/api/chatbot/message", { message, sessionId, context });

export const requestComfort = (message: string, emotionalState: EmotionalState, context: ChatContext) =>
  apiRequest<{ response: string }>("POST", "/api/chatbot/comfort", { message, emotionalState, context });

export const fetchWritingPrompts = (context: ChatContext) =>
  apiRequest<{ prompts: string[] }>(
    "GET",
    `/api/chatbot/writing-prompts?context=${encodeURIComponent(JSON.stringify(context))}`,
  );
