import type { AiResult, ProgramInput } from "../../../shared/schemas";
import { WRITING_LIMITS } from "../../../shared/writing";

export type WritingAction = "grammar" | "enhance" | "tone" | "template";

type ActionSpec = {
  path: string;
  failureTitle: string;
  /** What an apply brings, for the versions list and toasts: "the grammar corrections". */
  changeName: string;
  success: (result: AiResult) => { title: string; description?: string };
};

/** Each call of the writing helper with its success and failure toasts. */
export const WRITING_ACTIONS: Record<WritingAction, ActionSpec> = {
  grammar: {
    path: "/api/writing/check-grammar",
    failureTitle: "Grammar check failed",
    changeName: "the grammar corrections",
    success: (result) => ({
      title: "Grammar check complete",
      description: `Found ${result.grammarIssues.length} potential improvements.`,
    }),
  },
  enhance: {
    path: "/api/writing/enhance",
    failureTitle: "Enhancement failed",
    changeName: "the enhanced wording",
    success: () => ({ title: "Content enhanced" }),
  },
  tone: {
    path: "/api/writing/adjust-tone",
    failureTitle: "Tone adjustment failed",
    changeName: "the tone change",
    success: () => ({ title: "Tone adjusted" }),
  },
  template: {
    path: "/api/writing/generate-template",
    failureTitle: "Template generation failed",
    changeName: "the template",
    success: () => ({ title: "Template generated" }),
  },
};

/**
 * Every name the program holds, sent with each grammar, enhance and tone call so the checker and the
 * rewrites keep them as the family spells them: the person, officiant, pallbearers, tribute authors,
 * people in the order of service, and the place, after the words the family added to the program's
 * words (first, so the cap never leaves out a word they added by hand). Lists typed one per line or
 * with commas are split.
 */
export const protectedNamesOf = (program: ProgramInput): string[] => {
  const names = [
    ...program.programWords,
    program.fullName,
    program.preferredName,
    program.officiant,
    program.pallbearers,
    program.location,
    ...program.tributes.map((tribute) => tribute.author),
    ...program.serviceItems.map((item) => item.person),
  ]
    .flatMap((value) => (value ?? "").split(/[\n,;]/))
    .map((name) => name.trim().slice(0, WRITING_LIMITS.maxNameChars))
    .filter((name) => name !== "");
  return [...new Set(names)].slice(0, WRITING_LIMITS.maxProtectedNames);
};
