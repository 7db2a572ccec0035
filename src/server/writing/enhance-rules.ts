// Offline enhancement: warmer words for flat ones, a smoother rhythm, print-friendly paragraphs,
// alternatives to choose from, and advice on what the family could add. The advice asks for facts;
// it never supplies them.
import { varyRepeatedPronoun } from "./honored-person";
import { dropRepeatedSubject, joinChoppySentences } from "./sentence-flow";
import { joinParagraphs, replacePhrases, splitParagraphs, splitSentences, wordCount } from "./text-rules";
import { FLAT_WORD_RULES, INTENSIFIER_RULES } from "./warmer-words";

/** The enhanced wording of `text`; `choice` picks among the wordings a flat word offers (0 is the best). */
export const enhanceWording = (text: string, choice = 0) =>
  breakLongParagraphs(
    varyRepeatedPronoun(
      dropRepeatedSubject(
        joinChoppySentences(replacePhrases(replacePhrases(text, INTENSIFIER_RULES), FLAT_WORD_RULES, choice)),
      ),
    ),
  );

const MAX_ALTERNATIVES = 3;

/**
 * Other ways to say what enhancement changed, for the family to pick from: the changed sentences
 * with the second and third wording of each flat word, e.g. 'Or: "Dad delighted in fishing, and he
 * was warm-hearted."'.
 */
export const alternativePhrasings = (text: string, enhanced: string) => {
  const chosen = new Set(splitParagraphs(enhanced).flatMap(splitSentences));
  const alternatives: string[] = [];
  for (let choice = 1; choice < MAX_ALTERNATIVES; choice++) {
    const changed = splitParagraphs(enhanceWording(text, choice))
      .flatMap(splitSentences)
      .filter((sentence) => !chosen.has(sentence));
    const phrasing = changed.slice(0, 2).join(" ");
    if (phrasing !== "" && !alternatives.includes(phrasing)) alternatives.push(phrasing);
  }
  return alternatives.map((phrasing) => `Or, in other words: "${phrasing}"`);
};

/** A wall of text is hard to read at a service: long paragraphs are broken after every few sentences. */
const MAX_SENTENCES_PER_PARAGRAPH = 5;
const LONG_SENTENCE_WORDS = 35;

const breakLongParagraphs = (text: string) =>
  joinParagraphs(
    splitParagraphs(text).flatMap((paragraph) => {
      const sentences = splitSentences(paragraph);
      if (sentences.length <= MAX_SENTENCES_PER_PARAGRAPH + 1 || paragraph.includes("\n")) return [paragraph];
      const groups: string[] = [];
      for (let i = 0; i < sentences.length; i += 4) groups.push(sentences.slice(i, i + 4).join(" "));
      return groups;
    }),
  );

const STOP_WORDS = new Set(
  "that this with from were have been they their them there what when which while would could should about after before always every other into also just than then very much more most some such only over your ours will shall".split(
    " ",
  ),
);

const MONTHS = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/** What a family could add or change, from what the text has and lacks; most useful first. */
export const enhancementSuggestions = (text: string, context: string): string[] => {
  const suggestions: string[] = [];
  const where = context.toLowerCase();
  const words = wordCount(text);
  if (where.includes("acknowledg") && !/\b(thank|grateful|gratitude|appreciat)/i.test(text)) {
    suggestions.push(
      "Acknowledgments usually thank those who helped: the care team, the officiant, neighbors and friends.",
    );
  }
  if (where.includes("tribute") && !/\b(I|me|my|we|our|us)\b/.test(text)) {
    suggestions.push("A tribute is most moving in your own voice: say what this person meant to you.");
  }
  if ((where.includes("reflection") || where.includes("life")) && !/\d{4}/.test(text) && !MONTHS.test(text)) {
    suggestions.push("Consider adding when and where this life began, and the places that mattered most.");
  }
  if (words < 50) {
    suggestions.push(
      "Add a specific memory: a habit, a saying or a shared moment says more than a list of qualities.",
    );
  }
  const longest = Math.max(0, ...splitParagraphs(text).flatMap(splitSentences).map(wordCount));
  if (longest > LONG_SENTENCE_WORDS) {
    suggestions.push(`One sentence runs to ${longest} words; split it in two so it reads easily aloud.`);
  }
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
    if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const [overused, times] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ["", 0];
  if (times >= 4)
    suggestions.push(`"${overused}" appears ${times} times; try varying the word in a place or two.`);
  return suggestions;
};
