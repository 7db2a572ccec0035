import type { Config } from "../config";
import { createOfflineProvider } from "./offline-provider";
import { createOpenAiProvider } from "./openai-provider";
import type { WritingProvider } from "./writing-provider";

/** The model when OPENAI_API_KEY is set (falling back to the offline rules), else the offline rules alone. */
export const createWritingProvider = (config: Config): WritingProvider => {
  const offline = createOfflineProvider();
  if (!config.OPENAI_API_KEY) return offline;
  return createOpenAiProvider(
    { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL },
    offline,
  );
};
