import type { AiResult } from "../../shared/schemas";
import { breakLongParagraphs, ENHANCE_RULES, enhancementSuggestions } from "./enhance-rules";
import { checkGrammarOffline } from "./offline-grammar";
import { draftTemplate } from "./templates";
import { replacePhrases, tidyText } from "./text-rules";
import { stripToneFrame, TONE_STYLES } from "./tone-rules";
import type { WritingProvider } from "./writing-provider";

// Rewording by rules is reliable but plain; these say so honestly (the badge is "default" above 0.8).
const REWRITE_CONFIDENCE = 0.7;
const TEMPLATE_CONFIDENCE = 0.75;

const grammarSuggestions = (issues: number, unresolved: number) => {
  if (issues === 0) {
    return ["No grammar or spelling problems found. Read it aloud once more: no checker catches every slip."];
  }
  return [
    ...(unresolved > 0
      ? ["Some words were left as written because they look like names: check their spelling once more."]
      : []),
    "Review each correction before applying it: the wording is yours to keep or change.",
  ];
};

/** The writing helper with no network: harper.js for grammar, our own rules and phrases for the rest. */
export const createOfflineProvider = (): WritingProvider => ({
  async checkGrammar({ text }) {
    const check = await checkGrammarOffline(text);
    return {
      improvedText: check.improvedText,
      grammarIssues: check.grammarIssues,
      suggestions: grammarSuggestions(check.grammarIssues.length, check.unresolved),
      confidence: check.confidence,
    };
  },

  async enhance({ text, context }) {
    const check = await checkGrammarOffline(text);
    const improvedText = breakLongParagraphs(tidyText(replacePhrases(check.improvedText, ENHANCE_RULES)));
    const suggestions = enhancementSuggestions(improvedText, context);
    return {
      improvedText,
      grammarIssues: check.grammarIssues,
      suggestions:
        suggestions.length > 0
          ? suggestions
          : ["Read it aloud once before printing: you will hear anything that does not yet sound like you."],
      confidence: REWRITE_CONFIDENCE,
    };
  },

  async adjustTone({ text, tone }) {
    const style = TONE_STYLES[tone];
    const check = await checkGrammarOffline(stripToneFrame(text));
    let body = tidyText(replacePhrases(check.improvedText, style.rules));
    // Exclamation marks read as casual in a formal program.
    if (tone === "formal") body = body.replace(/!+/g, ".");
    const improvedText = [style.opening, body, style.closing].filter((p) => p !== "").join("\n\n");
    return {
      improvedText,
      grammarIssues: check.grammarIssues,
      suggestions: [style.tip],
      confidence: REWRITE_CONFIDENCE,
    };
  },

  async generateTemplate({ type, details }): Promise<AiResult> {
    const draft = draftTemplate(type, details);
    return {
      improvedText: draft.text,
      grammarIssues: [],
      suggestions: draft.suggestions,
      confidence: TEMPLATE_CONFIDENCE,
    };
  },
});
