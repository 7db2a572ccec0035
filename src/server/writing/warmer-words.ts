// Word choices for enhancement: weak intensifiers and flat words ("nice", "lots of") swapped for
// warmer ones that say the same thing. Each flat word offers a few wordings, best first; the others
// are shown to the family as alternatives. No wording adds a fact or changes who did what.
import type { PhraseRule } from "./text-rules";

// A next word not ending in "s": "lots of friends" is many, "lots of love" is not.
const BEFORE_PLURAL_ONLY = "\\s+[\\p{L}'’]+(?<![sS])(?![\\p{L}'’])";
// "liked to fish", "liked it when": "enjoyed to fish" is not English.
const NOT_BEFORE_INFINITIVE_OR_PRONOUN = "\\s+(?:to|it|him|her|them|me|us|you|that|when|how|by)\\b";
// "well liked", "was liked": said of a person, "enjoyed" would make them a thing.
const NOT_AS_PARTICIPLE = "well|was|were|is|are|be|been|being|much|widely|universally";

export const INTENSIFIER_RULES: PhraseRule[] = [
  ["very very", "very"],
  ["really really", "really"],
  ["worked very hard", "worked tirelessly"],
  ["worked really hard", "worked tirelessly"],
  ["very much loved", "dearly loved"],
  ["very loved", "dearly loved"],
  ["really loved", "truly loved"],
  ["very good", "wonderful"],
  ["really good", "wonderful"],
  ["very nice", "lovely"],
  ["really nice", "lovely"],
  ["very special", "truly special"],
  ["very funny", "hilarious"],
  ["very smart", "brilliant"],
  ["very proud", "immensely proud"],
  ["very happy", "overjoyed"],
  ["very beautiful", "stunning"],
  ["very big", "enormous"],
  ["very small", "tiny"],
  ["very tired", "exhausted"],
  ["will be missed", "will be dearly missed"],
];

const KIND_WORDINGS = ["kind", "warmhearted", "gentle"];

// "Nice" said of a person is "kind"; "it was nice" (a day, a house) is not, so only these subjects.
const PEOPLE_SUBJECTS = {
  was: "he she mom dad mother father grandma grandpa nana husband wife son daughter brother sister friend neighbor who".split(
    " ",
  ),
  were: "they we nurses neighbors friends people who".split(" "),
};

const niceSaidOfPeople = (): PhraseRule[] =>
  Object.entries(PEOPLE_SUBJECTS).flatMap(([verb, subjects]) =>
    subjects.map(
      (subject): PhraseRule => [
        `${subject} ${verb} nice`,
        KIND_WORDINGS.map((wording) => `${subject} ${verb} ${wording}`),
      ],
    ),
  );

export const FLAT_WORD_RULES: PhraseRule[] = [
  ...niceSaidOfPeople(),
  ["a nice man", ["a kind man", "a warmhearted man", "a gentle man"]],
  ["a nice woman", ["a kind woman", "a warmhearted woman", "a gentle woman"]],
  ["a nice person", ["a kind person", "a warmhearted person", "a gentle soul"]],
  ["a nice guy", ["a kind man", "a warmhearted man", "a gentle soul"]],
  ["a nice lady", ["a kind lady", "a warmhearted lady", "a gentle soul"]],
  ["lots of", ["many", "so many", "a great many"], BEFORE_PLURAL_ONLY],
  ["a lot of", ["many", "so many", "a great many"], BEFORE_PLURAL_ONLY],
  [
    "really liked",
    ["truly enjoyed", "took real delight in", "was truly fond of"],
    NOT_BEFORE_INFINITIVE_OR_PRONOUN,
    NOT_AS_PARTICIPLE,
  ],
  ["liked", ["enjoyed", "delighted in", "was fond of"], NOT_BEFORE_INFINITIVE_OR_PRONOUN, NOT_AS_PARTICIPLE],
  ["for a long time", ["for many years", "for years", "for a great many years"]],
  ["was good at", ["had a gift for", "excelled at", "had a real talent for"]],
  ["were good at", ["had a gift for", "excelled at", "had a real talent for"]],
  ["best friend", ["dearest friend", "closest friend", "truest friend"]],
  ["got married", "married"],
  ["got to know", "came to know"],
  ["kids", "children"],
  ["gonna", "going to"],
  ["wanna", "want to"],
  ["gotta", "have to"],
  ["kinda", "rather"],
  ["sorta", "rather"],
  ["stuff", "things"],
];
