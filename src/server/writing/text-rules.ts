// Small, predictable text rules shared by enhancement and tone: they change wording and layout,
// never the facts in the text.
import { agreeingArticle } from "./articles";

/**
 * A rule replacing a phrase; `from` is matched as whole words, case-insensitively, and not where
 * `unlessFollowedBy` (a regular expression) comes next: "died" may become "left us", "died of" may not;
 * nor where `unlessAfter` (a regular expression for the word before) comes first: "liked" may become
 * "enjoyed", "well liked" may not.
 * `to` may offer several wordings, best first: enhancement shows the others as alternatives.
 */
export type PhraseRule = readonly [
  from: string,
  to: string | readonly string[],
  unlessFollowedBy?: string,
  unlessAfter?: string,
];

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const matchCase = (original: string, replacement: string) => {
  if (replacement === "" || !/^\p{Lu}/u.test(original)) return replacement;
  return replacement[0]?.toUpperCase() + replacement.slice(1);
};

/** The wording a rule gives for `choice` (0 is the best); a rule with fewer wordings repeats its last. */
const wordingOf = (to: PhraseRule[1], choice: number) =>
  typeof to === "string" ? to : (to[Math.min(choice, to.length - 1)] ?? "");

const patternOf = ([from, , unlessFollowedBy, unlessAfter]: PhraseRule) => {
  const exception = unlessFollowedBy ? `(?!${unlessFollowedBy})` : "";
  const notAfter = unlessAfter ? `(?<!(?<![\\p{L}])(?:${unlessAfter})\\s+)` : "";
  // Whole words only; a following "'s" still counts as the word's end ("mom's" → "mother's"). An
  // article just before the phrase is captured so it can be made to agree with the new wording.
  return new RegExp(
    `${notAfter}(?<![\\p{L}\\p{N}'’])(?:(a|an)(\\s+))?${escapeRegExp(from)}(?![\\p{L}\\p{N}])(?!['’](?!s(?!\\p{L})))${exception}`,
    "giu",
  );
};

/**
 * Applies each rule in order; a capitalised match gives a capitalised replacement, and "a"/"an" in
 * front of it changes to fit ("a very proud" → "an immensely proud").
 */
export const replacePhrases = (text: string, rules: readonly PhraseRule[], choice = 0) =>
  rules.reduce(
    (current, rule) =>
      current.replace(patternOf(rule), (match, article: string | undefined, space: string | undefined) => {
        const wording = wordingOf(rule[1], choice);
        if (article === undefined) return matchCase(match, wording);
        const phrase = match.slice(article.length + (space?.length ?? 0));
        return `${agreeingArticle(article, wording)}${space}${matchCase(phrase, wording)}`;
      }),
    text,
  );

/** Paragraphs as the family typed them: blank lines separate them. */
export const splitParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");

export const joinParagraphs = (paragraphs: readonly string[]) => paragraphs.join("\n\n");

// A full stop after these does not end a sentence: "at 10 a.m. in the chapel". A lookbehind of
// bounded length, so finding sentence ends stays linear in the text: testing each end against
// the whole text before it made a 10 KB body of "a. a. a." cost a second per call.
const NOT_AFTER_ABBREVIATION =
  "(?<!(?:^|[\\s(])(?:a\\.m|p\\.m|e\\.g|i\\.e|etc|vs|st|dr|mr|mrs|ms|jr|sr|rev|no))";
const SENTENCE_END = new RegExp(`${NOT_AFTER_ABBREVIATION}[.!?]+["'’”)]*\\s+`, "gi");

/** Sentences of one paragraph, each keeping its closing punctuation; "Dr." and "a.m." end none. */
export const splitSentences = (paragraph: string) => {
  const sentences: string[] = [];
  let start = 0;
  for (const end of paragraph.matchAll(SENTENCE_END)) {
    const stop = end.index + end[0].length;
    sentences.push(paragraph.slice(start, stop).trim());
    start = stop;
  }
  sentences.push(paragraph.slice(start).trim());
  return sentences.filter((s) => s !== "");
};

const SENTENCE_START_LETTER = new RegExp(`(^|${NOT_AFTER_ABBREVIATION}[.!?]["'’”)]*\\s+)(\\p{Ll})`, "giu");

const capitalizeSentenceStarts = (paragraph: string) =>
  paragraph.replace(
    SENTENCE_START_LETTER,
    (_match, lead: string, letter: string) => lead + letter.toUpperCase(),
  );

/**
 * Spacing and punctuation a printed page needs: one space between words, none before a comma,
 * one after a full stop, a capital at each sentence start and a full stop at each paragraph's end.
 */
export const tidyText = (text: string) =>
  joinParagraphs(
    splitParagraphs(text).map((paragraph) => {
      let tidy = paragraph
        .split("\n")
        .map((line) => line.replace(/[ \t]+/g, " ").trim())
        .join("\n")
        .replace(/ +([,.;:!?])/g, "$1")
        .replace(/([,;:])(?=[\p{L}])/gu, "$1 ")
        .replace(/([.!?])(?=\p{Lu}\p{Ll})/gu, "$1 ");
      tidy = capitalizeSentenceStarts(tidy);
      // A list typed one name per line (pallbearers, thanks) takes no full stop.
      if (!tidy.includes("\n") && /[\p{L}\p{N}]$/u.test(tidy)) tidy += ".";
      return tidy;
    }),
  );

export const wordCount = (text: string) => (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).length;

/** "a", "b", "c" → "a, b and c" (no serial comma, as most printed programs write it). */
export const joinList = (items: readonly string[]) => {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
};

export const capitalizeFirst = (text: string) =>
  text ? (text[0]?.toUpperCase() ?? "") + text.slice(1) : text;

/**
 * Rewrites each prose paragraph's sentences, in reading order; `rewrite` gets one paragraph's
 * sentences and returns the new ones. A paragraph typed one line per entry (a list of pallbearers)
 * is left exactly as it is.
 */
export const mapProseSentences = (text: string, rewrite: (sentences: string[]) => string[]) =>
  joinParagraphs(
    splitParagraphs(text).map((paragraph) =>
      paragraph.includes("\n") ? paragraph : rewrite(splitSentences(paragraph)).join(" "),
    ),
  );
