import { z } from "zod";
import { createJsonChat, modelOrOffline, type OpenAiSettings } from "../ai/openai-json";
import type { HelpCentre } from "../help/help-centre";
import {
  articleLink,
  dontKnowAnswer,
  knownErrorAnswer,
  programPagesAnswer,
  type SupportAnswer,
  type SupportAnswerer,
} from "./answerer";

const SYSTEM_PROMPT = `You are the Support Assistant of Keepsake, a web app with which grieving families and funeral homes make printed memorial programs.
Answer ONLY from the help article sections you are given. If they do not answer the question, say plainly that you don't know; never guess or invent features.
Be kind, brief and plain: short sentences, no jargon. The reader may be grieving.
Reply with a JSON object: {"answer": string, "sectionId": the id of the section you used, or null}.`;

const modelAnswerSchema = z.object({
  answer: z
    .string()
    .refine((t) => t.trim() !== "", "answer is empty")
    .refine((t) => t.length <= 3000, "answer is too long"),
  sectionId: z.string().nullable().optional(),
});

/**
 * The Support Assistant backed by a chat model, grounded in the help sections the search finds.
 * Known errors and questions the articles do not cover are answered offline: the model is never
 * asked to answer without sources. Any failure falls back to the offline answer.
 */
export const createModelAnswerer = (
  settings: OpenAiSettings,
  help: HelpCentre,
  offline: SupportAnswerer,
  log: (line: string) => void = (line) => console.warn(line),
): SupportAnswerer => {
  const askJson = createJsonChat(settings);
  return async (question, context, program) => {
    // Known errors and this program's own page count are facts the offline answer states exactly.
    if (knownErrorAnswer(question, help) || (program && programPagesAnswer(question, program)))
      return offline(question, context, program);
    const sections = help.search(question, 3);
    if (sections.length === 0) return offline(question, context, program);
    return modelOrOffline<SupportAnswer>(
      `support assistant: answer by ${settings.model}`,
      log,
      async () => {
        const sources = sections
          .map((s) => `[${s.id}] ${s.articleTitle}: ${s.heading}\n${s.text}`)
          .join("\n\n");
        const raw = await askJson(
          SYSTEM_PROMPT,
          `Help article sections:\n\n${sources}\n\nQuestion: ${question}`,
        );
        const parsed = modelAnswerSchema.safeParse(raw);
        if (!parsed.success)
          throw new Error(`the model's answer did not match the schema: ${parsed.error.issues[0]?.message}`);
        const used = sections.find((s) => s.id === parsed.data.sectionId);
        // An answer from no section is the model saying it does not know: say so with the way to a person.
        if (!used) return dontKnowAnswer();
        return {
          content: parsed.data.answer.trim(),
          metadata: { confidence: 0.85, article: articleLink(used) },
        };
      },
      () => offline(question, context, program),
    );
  };
};
