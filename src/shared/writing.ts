// Requests of the AI writing helper. The server validates with these and the
// builder's AI Writer tab checks the same rules before it calls, so both say the same words.
import { z } from "zod";
import { AI_TONES, DEFAULT_AI_TONE, DEFAULT_TEMPLATE_TYPE, TEMPLATE_TYPES } from "./constants";
import { aiResultSchema } from "./schemas";

export const WRITING_LIMITS = {
  /** About four printed pages of life reflections: more is not one program's worth of text. */
  maxTextChars: 10_000,
  maxContextChars: 100,
  maxNameChars: 200,
  maxRelationshipChars: 100,
  maxListEntries: 20,
  maxQualityChars: 100,
  maxAchievementChars: 300,
  /** Every name a program holds: the person, officiant, pallbearers, tribute authors, service people, places. */
  maxProtectedNames: 200,
} as const;

export const NO_TEXT_MESSAGE = "No text provided";
export const NAME_REQUIRED_MESSAGE = "Name required";

const writingText = z
  .string({ error: NO_TEXT_MESSAGE })
  .refine((v) => v.trim() !== "", NO_TEXT_MESSAGE)
  .refine(
    (v) => v.length <= WRITING_LIMITS.maxTextChars,
    `Text must be at most ${WRITING_LIMITS.maxTextChars.toLocaleString("en-US")} characters`,
  );

const tone = z
  .enum(AI_TONES, { error: `Tone must be one of: ${AI_TONES.join(", ")}` })
  .default(DEFAULT_AI_TONE);

const listOf = (label: string, maxChars: number) =>
  z
    .array(
      z
        .string({ error: `Each of the ${label} must be text` })
        .max(maxChars, `Each of the ${label} must be at most ${maxChars} characters`),
      { error: `${label[0]?.toUpperCase()}${label.slice(1)} must be a list` },
    )
    .max(WRITING_LIMITS.maxListEntries, `Give at most ${WRITING_LIMITS.maxListEntries} ${label}`)
    .default([])
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ""));

/**
 * The program's names, which the checker and every rewrite keep as the program spells them. Optional:
 * a text checked on its own still keeps the names the checker cannot place.
 */
const protectedNames = z
  .array(
    z
      .string({ error: "Each of the protected names must be text" })
      .max(
        WRITING_LIMITS.maxNameChars,
        `Each of the protected names must be at most ${WRITING_LIMITS.maxNameChars} characters`,
      ),
    { error: "Protected names must be a list" },
  )
  .max(WRITING_LIMITS.maxProtectedNames, `Give at most ${WRITING_LIMITS.maxProtectedNames} protected names`)
  .default([])
  .transform((names) => names.map((name) => name.trim()).filter((name) => name !== ""));

export const checkGrammarRequestSchema = z.object({ text: writingText, protectedNames });
export type CheckGrammarRequest = z.infer<typeof checkGrammarRequestSchema>;

export const enhanceRequestSchema = z.object({
  text: writingText,
  /** Where the text goes, in words ("life reflections", "tribute"); tailors the suggestions. */
  context: z
    .string({ error: "Context must be text" })
    .max(
      WRITING_LIMITS.maxContextChars,
      `Context must be at most ${WRITING_LIMITS.maxContextChars} characters`,
    )
    .default(""),
  protectedNames,
});
export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;

export const adjustToneRequestSchema = z.object({ text: writingText, tone, protectedNames });
export type AdjustToneRequest = z.infer<typeof adjustToneRequestSchema>;

export const templateDetailsSchema = z.object(
  {
    name: z
      .string({ error: NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, NAME_REQUIRED_MESSAGE)
      .max(WRITING_LIMITS.maxNameChars, `Name must be at most ${WRITING_LIMITS.maxNameChars} characters`),
    relationship: z
      .string({ error: "Relationship must be text" })
      .trim()
      .max(
        WRITING_LIMITS.maxRelationshipChars,
        `Relationship must be at most ${WRITING_LIMITS.maxRelationshipChars} characters`,
      )
      .default(""),
    qualities: listOf("qualities", WRITING_LIMITS.maxQualityChars),
    achievements: listOf("achievements", WRITING_LIMITS.maxAchievementChars),
    tone,
  },
  { error: NAME_REQUIRED_MESSAGE },
);
export type TemplateDetails = z.infer<typeof templateDetailsSchema>;

export const generateTemplateRequestSchema = z.object({
  type: z
    .enum(TEMPLATE_TYPES, { error: `Template type must be one of: ${TEMPLATE_TYPES.join(", ")}` })
    .default(DEFAULT_TEMPLATE_TYPE),
  details: templateDetailsSchema,
});
export type GenerateTemplateRequest = z.infer<typeof generateTemplateRequestSchema>;

/** "kind, patient , , funny" → ["kind", "patient", "funny"]: split and trimmed. */
export const splitCommaList = (value: string): string[] =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/**
 * Who wrote an answer: the built-in offline rules, or the configured language model. A model that
 * fails or adds a fact is replaced by the offline answer, so the mode is given per answer.
 */
const WRITING_MODES = ["offline", "model"] as const;
export type WritingMode = (typeof WRITING_MODES)[number];

/** The AI result the web app reads, plus the mode that answered. */
export const writingResultSchema = aiResultSchema.extend({
  mode: z.enum(WRITING_MODES),
  /** Words the checker did not know and left as written, for the family to add to this program's words. */
  unknownWords: z.array(z.string()).default([]),
});
export type WritingResult = z.infer<typeof writingResultSchema>;

/** GET /api/writing/status: which mode answers when nothing fails, so the tab can say so before a call. */
export const writingStatusSchema = z.object({ mode: z.enum(WRITING_MODES), model: z.string().optional() });
export type WritingStatus = z.infer<typeof writingStatusSchema>;
