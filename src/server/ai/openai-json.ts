import OpenAI from "openai";
import type { Config } from "../config";

export type OpenAiSettings = {
  apiKey: string;
  /** Any OpenAI-compatible server, e.g. a local one; the SDK's default otherwise. */
  baseURL?: string;
  model: string;
  /** A grieving family waits on this answer: past it, the offline answer is given instead. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;

/** The model's settings when OPENAI_API_KEY is set; undefined means answer offline only. */
export const openAiSettingsFrom = (config: Config): OpenAiSettings | undefined =>
  config.OPENAI_API_KEY
    ? { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL }
    : undefined;

// Some OpenAI-compatible servers wrap JSON mode answers in a Markdown fence.
const unfence = (content: string) =>
  content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** Asks a chat model for one JSON object through the official SDK; the caller validates its shape. */
export const createJsonChat = (settings: OpenAiSettings) => {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // A retry doubles the family's wait; the offline answer is the retry.
    maxRetries: 0,
  });
  return async (system: string, prompt: string): Promise<unknown> => {
    const completion = await client.chat.completions.create({
      model: settings.model,
      temperature: 0.2,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: system },
        { role: "user", content: prompt },
      ],
    });
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new Error("the model sent no text");
    return JSON.parse(unfence(content));
  };
};

/** The model's answer, or on any failure the offline one, with one log line saying why. */
export const modelOrOffline = async <T>(
  what: string,
  log: (line: string) => void,
  model: () => Promise<T>,
  offline: () => T | Promise<T>,
): Promise<T> => {
  try {
    return await model();
  } catch (error) {
    log(`${what} failed (${describeError(error)}); answered offline`);
    return offline();
  }
};
