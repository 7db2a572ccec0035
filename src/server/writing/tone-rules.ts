// The four tones as word choices and a framing opening and closing line. A tone changes register,
// never meaning: no rule turns mourning into celebration, and "died" is reworded only where the
// honored person is the one who died (see honored-person.ts).
// Every phrase here is free of names, places, dates and numbers: the facts stay the family's own.
// No rule's output contains its own input, so adjusting a text twice changes nothing more.
import type { AiTone } from "../../shared/constants";
import type { PhraseRule } from "./text-rules";

/** Both the typewriter and the typographic apostrophe, as families type either. */
const withCurlyApostrophes = (rules: readonly PhraseRule[]): PhraseRule[] =>
  rules.flatMap((rule) =>
    rule[0].includes("'") ? [rule, [rule[0].replace(/'/g, "’"), rule[1], rule[2]] as const] : [rule],
  );

const CONTRACTION_RULES: PhraseRule[] = withCurlyApostrophes([
  ["can't", "cannot"],
  ["won't", "will not"],
  ["don't", "do not"],
  ["doesn't", "does not"],
  ["didn't", "did not"],
  ["isn't", "is not"],
  ["aren't", "are not"],
  ["wasn't", "was not"],
  ["weren't", "were not"],
  ["hasn't", "has not"],
  ["haven't", "have not"],
  ["hadn't", "had not"],
  ["couldn't", "could not"],
  ["wouldn't", "would not"],
  ["shouldn't", "should not"],
  ["I'm", "I am"],
  ["I've", "I have"],
  ["I'll", "I will"],
  ["we're", "we are"],
  ["we've", "we have"],
  ["we'll", "we will"],
  ["they're", "they are"],
  ["they've", "they have"],
  ["they'll", "they will"],
  ["you're", "you are"],
  ["you've", "you have"],
  ["you'll", "you will"],
  ["she'll", "she will"],
  ["he'll", "he will"],
  ["let's", "let us"],
]);

const ILLNESSES = ["cancer", "illness", "dementia", "leukemia", "heart disease", "lung disease"];

export type ToneStyle = {
  rules: PhraseRule[];
  /** What "died" or "passed away" becomes when said of the honored person; unchanged when absent. */
  ownPassing?: string;
  opening: string;
  closing: string;
  tip: string;
};

export const TONE_STYLES: Record<AiTone, ToneStyle> = {
  formal: {
    rules: [
      ...CONTRACTION_RULES,
      ["mom", "mother"],
      ["mum", "mother"],
      ["mommy", "mother"],
      ["dad", "father"],
      ["daddy", "father"],
      ["grandma", "grandmother"],
      ["granny", "grandmother"],
      ["grandpa", "grandfather"],
      ["kids", "children"],
      ["folks", "family"],
      ["got married", "married"],
      ["passed on", "passed away"],
      ["awesome", "admirable"],
      ["amazing", "remarkable"],
      ["totally", "entirely"],
      ["really", "truly"],
      ["gonna", "going to"],
      ["wanna", "want to"],
      ["yeah", "yes"],
    ],
    opening: "It is with deep respect that we share these words of remembrance.",
    closing: "We offer these words with honor and gratitude.",
    tip: "Formal programs write names and titles in full and avoid contractions; check that every name is complete.",
  },
  heartfelt: {
    rules: [
      ["was loved", "was dearly loved"],
      ["will be missed", "will be so deeply missed"],
    ],
    ownPassing: "left us",
    opening: "With all our love, we share these words from the heart.",
    closing: "Forever loved, forever missed, and always in our hearts.",
    tip: "Add one small, specific memory, such as a habit, a saying or a shared moment: it will mean more than any adjective.",
  },
  celebratory: {
    rules: [
      ["loved her", "delighted in her"],
      ["loved his", "delighted in his"],
      ["loved their", "delighted in their"],
      ["loved the", "delighted in the"],
      ["enjoyed", "relished"],
      // "Happy birthday" is a greeting, not a mood.
      ["happy", "joyful", "\\s+(?:birthday|anniversary|holidays|new year)\\b"],
      ["a sad day", "a bittersweet day"],
      ["good times", "joyful times"],
    ],
    opening: "Today we gather to celebrate a life well lived.",
    closing: "Let us celebrate the laughter, the love, and the memories we will always share.",
    tip: "A celebration shines with stories: add a favorite funny or joyful moment that everyone will recognize.",
  },
  peaceful: {
    ownPassing: "passed from this life",
    rules: [
      // Only an illness: "a battle with the county" is a battle.
      ...ILLNESSES.map((illness): PhraseRule => [`battle with ${illness}`, `journey with ${illness}`]),
      ["tragically", "sadly"],
      ["tragic", "sorrowful"],
    ],
    opening: "In quiet remembrance, we pause to honor a life and the love it held.",
    closing: "Rest in peace. May these memories bring comfort to all who grieve.",
    tip: "Keep sentences short and gentle; they are easier to read aloud at a quiet service.",
  },
};

const OPENINGS = Object.values(TONE_STYLES).map((style) => style.opening);
const CLOSINGS = Object.values(TONE_STYLES).map((style) => style.closing);

/**
 * The text without a framing line an earlier tone adjustment added, so adjusting twice (or switching
 * tone) replaces the frame instead of stacking a second one.
 */
export const stripToneFrame = (text: string) => {
  let body = text.trim();
  for (const opening of OPENINGS) if (body.startsWith(opening)) body = body.slice(opening.length).trim();
  for (const closing of CLOSINGS) if (body.endsWith(closing)) body = body.slice(0, -closing.length).trim();
  return body;
};
