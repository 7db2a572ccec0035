import type { AiResult } from "../../../shared/schemas";

export type WritingAction = "grammar" | "enhance" | "tone" | "template";

type ActionSpec = {
  path: string;
  failureTitle: string;
  success: (result: AiResult) => { title: string; description?: string };
};

/** Each call of the writing helper with its success and failure toasts. */
export const WRITING_ACTIONS: Record<WritingAction, ActionSpec> = {
  grammar: {
    path: "/api/writing/check-grammar",
    failureTitle: "Grammar check failed",
    success: (result) => ({
      title: "Grammar check complete",
      description: `Found ${result.grammarIssues.length} potential improvements.`,
    }),
  },
  enhance: {
    path: "/api/writing/enhance",
    failureTitle: "Enhancement failed",
    success: () => ({ title: "Content enhanced" }),
  },
  tone: {
    path: "/api/writing/adjust-tone",
    failureTitle: "Tone adjustment failed",
    success: () => ({ title: "Tone adjusted" }),
  },
  template: {
    path: "/api/writing/generate-template",
    failureTitle: "Template generation failed",
    success: () => ({ title: "Template generated" }),
  },
};
