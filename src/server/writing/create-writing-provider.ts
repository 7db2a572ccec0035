import { openAiSettingsFrom } from "../ai/openai-json";
import type { Config } from "../config";
import { createOfflineProvider } from "./offline-provider";
import { createOpenAiProvider } from "./openai-provider";
import type { WritingProvider } from "./writing-provider";

/** The model when OPENAI_API_KEY is set (falling back to the offline rules), else the offline rules alone. */
export const createWritingProvider = (config: Config): WritingProvider => {
  const offline = createOfflineProvider();
  const settings = openAiSettingsFrom(config);
  return settings ? createOpenAiProvider(settings, offline) : offline;
};
