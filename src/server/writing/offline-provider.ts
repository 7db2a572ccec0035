import { alternativePhrasings, enhancementSuggestions, enhanceWording } from "./enhance-rules";
import { rewordOwnPassing } from "./honored-person";
import { checkGrammarOffline } from "./offline-grammar";
import { rewriteOrOriginal } from "./own-output-check";
import { draftTemplate } from "./templates";
import { replacePhrases, tidyText } from "./text-rules";
import { stripToneFrame, TONE_STYLES } from "./tone-rules";
import type { WritingProvider } from "./writing-provider";

// Rewording by rules is reliable but plain; these say so honestly (the badge is "default" above 0.8).
const REWRITE_CONFIDENCE = 0.7;
const TEMPLATE_CONFIDENCE = 0.75;

const NOTHING_TO_REWORD =
  "The wording already reads well: the offline rules found no flat words or choppy sentences to change.";

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
  async checkGrammar({ text, protectedNames = [] }) {
    const check = await checkGrammarOffline(text, protectedNames);
    return {
      improvedText: check.improvedText,
      grammarIssues: check.grammarIssues,
      suggestions: grammarSuggestions(check.grammarIssues.length, check.leftAsWritten.length),
      confidence: check.confidence,
      mode: "offline",
      unknownWords: check.unknownWords,
    };
  },

  async enhance({ text, context, protectedNames = [] }) {
    const check = await checkGrammarOffline(text, protectedNames);
    const improvedText = await rewriteOrOriginal(enhanceWording(check.improvedText), check, protectedNames);
    const suggestions = [
      // Said plainly, so an unchanged text is not mistaken for a helper that did nothing.
      ...(improvedText === check.improvedText ? [NOTHING_TO_REWORD] : []),
      ...alternativePhrasings(check.improvedText, improvedText),
      ...enhancementSuggestions(improvedText, context),
    ];
    return {
      improvedText,
      grammarIssues: check.grammarIssues,
      suggestions:
        suggestions.length > 0
          ? suggestions
          : ["Read it aloud once before printing: you will hear anything that does not yet sound like you."],
      confidence: REWRITE_CONFIDENCE,
      mode: "offline",
      unknownWords: check.unknownWords,
    };
  },

  async adjustTone({ text, tone, protectedNames = [] }) {
    const style = TONE_STYLES[tone];
    const check = await checkGrammarOffline(stripToneFrame(text), protectedNames);
    const ownPassing = style.ownPassing;
    let body = check.improvedText;
    if (ownPassing) body = rewordOwnPassing(body, ownPassing);
    body = replacePhrases(body, style.rules);
    // Exclamation marks read as casual in a formal program.
    if (tone === "formal") body = body.replace(/!+/g, ".");
    body = await rewriteOrOriginal(tidyText(body), check, protectedNames);
    return {
      improvedText: [style.opening, body, style.closing].join("\n\n"),
      grammarIssues: check.grammarIssues,
      suggestions: [style.tip],
      confidence: REWRITE_CONFIDENCE,
      mode: "offline",
      unknownWords: check.unknownWords,
    };
  },

  async generateTemplate({ type, details }) {
    const draft = draftTemplate(type, details);
    return {
      improvedText: draft.text,
      grammarIssues: [],
      suggestions: draft.suggestions,
      confidence: TEMPLATE_CONFIDENCE,
      mode: "offline",
      unknownWords: [],
    };
  },
});
