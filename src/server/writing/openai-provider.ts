import { aiResultSchema } from "../../shared/schemas";
import { WRITING_LIMITS, type WritingResult } from "../../shared/writing";
import { createJsonChat, modelOrOffline, type OpenAiSettings } from "../ai/openai-json";
import { findInventedFacts } from "./fact-guard";
import { enhancePrompt, grammarPrompt, SYSTEM_PROMPT, templatePrompt, tonePrompt } from "./prompts";
import { namesLostIn, programWords } from "./protected-names";
import type { WritingProvider } from "./writing-provider";

const MAX_LIST = 30;

const modelAnswerSchema = aiResultSchema.extend({
  improvedText: aiResultSchema.shape.improvedText
    .refine((t) => t.trim() !== "", "improvedText is empty")
    .refine((t) => t.length <= WRITING_LIMITS.maxTextChars * 2, "improvedText is far longer than asked"),
});

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/**
 * The writing helper backed by a chat model through the official SDK. Every answer is validated and
 * checked for added facts; on any failure the family gets the offline answer, and one line is logged.
 */
export const createOpenAiProvider = (
  settings: OpenAiSettings,
  offline: WritingProvider,
  log: (line: string) => void = (line) => console.warn(line),
): WritingProvider => {
  const askJson = createJsonChat(settings);

  const ask = async (
    prompt: string,
    sources: readonly string[],
    protectedNames: readonly string[] = [],
  ): Promise<WritingResult> => {
    const parsed = modelAnswerSchema.safeParse(await askJson(SYSTEM_PROMPT, prompt));
    if (!parsed.success)
      throw new Error(`the model's answer did not match the schema: ${parsed.error.issues[0]?.message}`);
    const invented = findInventedFacts(sources, parsed.data.improvedText);
    if (invented.length > 0)
      throw new Error(`the model added facts not in the input: ${invented.join(", ")}`);
    // The model may "correct" a name it does not know ("zoe" → "zone"): that answer is not used.
    const lost = sources.flatMap((source) =>
      namesLostIn(source, parsed.data.improvedText, programWords(protectedNames)),
    );
    if (lost.length > 0) throw new Error(`the model changed names of the program: ${lost.join(", ")}`);
    return {
      ...parsed.data,
      grammarIssues: parsed.data.grammarIssues.slice(0, MAX_LIST),
      suggestions: parsed.data.suggestions.slice(0, MAX_LIST),
      mode: "model",
      unknownWords: [],
    };
  };

  const orOffline = (
    operation: string,
    model: () => Promise<WritingResult>,
    fallback: () => Promise<WritingResult>,
  ) => modelOrOffline(`writing helper: ${operation} by ${settings.model}`, log, model, fallback);

  return {
    async checkGrammar(input) {
      // Harper's findings go to the model and stay in the answer: the two checkers miss different things.
      const local = await offline.checkGrammar(input);
      return orOffline(
        "grammar check",
        async () => {
          const answer = await ask(
            grammarPrompt(input.text, local.grammarIssues, input.protectedNames),
            [input.text],
            input.protectedNames,
          );
          return {
            ...answer,
            unknownWords: local.unknownWords,
            grammarIssues: uniqueBy(
              [...local.grammarIssues, ...answer.grammarIssues],
              (i) => `${i.issue.toLowerCase()}→${i.correction.toLowerCase()}`,
            ),
            suggestions: uniqueBy([...answer.suggestions, ...local.suggestions], (s) => s),
          };
        },
        async () => local,
      );
    },
    enhance: (input) =>
      orOffline(
        "enhancement",
        () =>
          ask(
            enhancePrompt(input.text, input.context, input.protectedNames),
            [input.text],
            input.protectedNames,
          ),
        () => offline.enhance(input),
      ),
    adjustTone: (input) =>
      orOffline(
        "tone adjustment",
        () =>
          ask(tonePrompt(input.text, input.tone, input.protectedNames), [input.text], input.protectedNames),
        () => offline.adjustTone(input),
      ),
    generateTemplate: (input) => {
      const { tone, ...facts } = input.details;
      const sources = [facts.name, facts.relationship, ...facts.qualities, ...facts.achievements];
      return orOffline(
        "template",
        () => ask(templatePrompt(input.type, facts, tone), sources),
        () => offline.generateTemplate(input),
      );
    },
  };
};
