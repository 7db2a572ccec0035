// What a careful proofreader of obituaries and tributes catches and harper.js misses: subject–verb
// agreement after a plural noun, double negatives, "it's"/"its", a passing said twice, a present-tense
// slip in a life told in the past, and the common misspellings of family words. Each rule is narrow
// on purpose: a false alarm on a family's correct sentence costs more than a missed slip.
import type { HarperFinding } from "./harper-engine";

const matchCase = (original: string, replacement: string) =>
  /^\p{Lu}/u.test(original) ? (replacement[0]?.toUpperCase() ?? "") + replacement.slice(1) : replacement;

/** Misspellings no name or word shares, so they are fixed: family words first, then everyday ones. */
const MISSPELLINGS: Record<string, string> = {
  neice: "niece",
  neices: "nieces",
  grandaughter: "granddaughter",
  grandaughters: "granddaughters",
  granddaugther: "granddaughter",
  daugther: "daughter",
  daugthers: "daughters",
  duaghter: "daughter",
  nephwe: "nephew",
  nefew: "nephew",
  granson: "grandson",
  gransons: "grandsons",
  grandchilderen: "grandchildren",
  grandchildern: "grandchildren",
  grandchidren: "grandchildren",
  greatgrandchildren: "great-grandchildren",
  grandfater: "grandfather",
  grandmoter: "grandmother",
  grandmther: "grandmother",
  husbend: "husband",
  husbnad: "husband",
  cousen: "cousin",
  brohter: "brother",
  sistor: "sister",
  inlaws: "in-laws",
  fiancee: "fiancée",
  alot: "a lot",
  beleive: "believe",
  recieve: "receive",
  recieved: "received",
  definately: "definitely",
  seperate: "separate",
  untill: "until",
  truely: "truly",
  cemetary: "cemetery",
  funneral: "funeral",
  greatful: "grateful",
  tommorow: "tomorrow",
  begining: "beginning",
  freind: "friend",
  freinds: "friends",
  famliy: "family",
  occured: "occurred",
  sincerly: "sincerely",
  arrangments: "arrangements",
  memorys: "memories",
  heavan: "heaven",
  rember: "remember",
};

const PLURAL_IN_LAW = /\b(sister|brother|daughter|son|mother|father)(?:-in-laws|\s+in\s+laws)\b/gi;

// A plural noun after a word that marks it as the subject ("her students", "all the neighbors"),
// and a verb that agrees with one person only.
const SINGULAR_VERBS: Record<string, string> = {
  loves: "love",
  misses: "miss",
  remembers: "remember",
  adores: "adore",
  says: "say",
  visits: "visit",
  cherishes: "cherish",
  was: "were",
  has: "have",
  is: "are",
  does: "do",
  "doesn't": "don't",
  wants: "want",
  knows: "know",
  thinks: "think",
  speaks: "speak",
  remains: "remain",
  mourns: "mourn",
  treasures: "treasure",
  calls: "call",
  lives: "live",
  keeps: "keep",
  carries: "carry",
  gathers: "gather",
  holds: "hold",
  shares: "share",
  honors: "honor",
  celebrates: "celebrate",
  invites: "invite",
  asks: "ask",
  welcomes: "welcome",
  continues: "continue",
  grieves: "grieve",
  feels: "feel",
  needs: "need",
  wishes: "wish",
};
const DETERMINER = "her|his|their|our|my|your|the|all|many|both|these|those|two|three|four|five|six|several";
const NOT_PLURAL = /(?:ss|us|is|news|ics|ness)$/;
const IRREGULAR_PLURAL = "(?:great-)?grandchildren|children|people|men|women";
// "One of her friends was": the subject is "one", and "was" is right.
const NOT_AFTER_ONE_OF = "(?<!\\b(?:one|each|either|neither|none|any|every one|which|some)\\s+of\\s+)";
const AGREEMENT = new RegExp(
  `${NOT_AFTER_ONE_OF}\\b(?:${DETERMINER})\\s+(?:\\p{Ll}+\\s+)?(\\p{Ll}{2,}s|${IRREGULAR_PLURAL})(?![\\p{L}'’-])\\s+(?:(?:from|at|in|of)\\s+(?:(?:the|her|his|their|our)\\s+)?\\p{Ll}+\\s+)?(?:(?:still|always|often|all|truly|dearly)\\s+)?(${Object.keys(SINGULAR_VERBS).join("|")})(?![\\p{L}'’])`,
  "giu",
);

// "never let nobody": the second negative becomes its "any" form.
const NEGATIVE_TO_ANY: Record<string, string> = {
  nobody: "anybody",
  nothing: "anything",
  "no one": "anyone",
  nowhere: "anywhere",
  noone: "anyone",
};
const DOUBLE_NEGATIVE =
  /\b(?:never|not|\p{L}+n['’]t)\s+(?:(?!and\b|but\b|or\b)\p{Ll}+\s+){0,2}?(nobody|nothing|no one|noone|nowhere)\b/giu;

const ITS_FOR_ITS_OWN = /\b(it['’]s)\s+own\b/gi;
const ITS_FOR_IT_IS = /\b(its)\s+(?=(?:been|a|an|the|not|so|hard|never|always|only|going|too|just)\b)/gi;

const PASSING = "passed away|passed on|died|departed this life";
const PASSING_TWICE = new RegExp(
  `\\b(?:${PASSING})(?:\\s+\\p{Ll}+ly)?((?:\\s*,)?(?:\\s+and)?\\s+(?:${PASSING}))\\b`,
  "giu",
);

// A life told in the past with one sentence slipping into the present ("He was a teacher… He loves
// his garden"). Sentences that are rightly in the present in an obituary ("She is survived by",
// "His memory lives on", "He is missed") are never touched.
const PRESENT_TO_PAST: Record<string, string> = {
  loves: "loved",
  enjoys: "enjoyed",
  likes: "liked",
  works: "worked",
  teaches: "taught",
  spends: "spent",
  plays: "played",
  makes: "made",
  takes: "took",
  sings: "sang",
  bakes: "baked",
  cooks: "cooked",
  writes: "wrote",
  grows: "grew",
  tends: "tended",
  volunteers: "volunteered",
  is: "was",
  has: "had",
};
const PAST_ABOUT_THEM =
  /\b(?:she|he)\s+(?:(?:always|often|never|also)\s+)?(?:was|had|\p{Ll}+ed|taught|grew|made|spent|took|built|came|went|knew|gave|found|kept|left|became|held|ran|sang|wrote|met|brought|bought|began|won|fought|thought|told)\b/giu;
// "She loves her garden and spends every morning there": the verbs after the slip slip with it.
const AND_PRESENT = new RegExp(
  `\\band\\s+(${Object.keys(PRESENT_TO_PAST)
    .filter((verb) => verb !== "is" && verb !== "has")
    .join("|")})\\b`,
  "g",
);
const PRESENT_SLIP = new RegExp(
  `(?<=(?:^|[.!?]\\s+|\\band\\s+))(?:She|He|she|he)\\s+(?:(?:always|often)\\s+)?(${Object.keys(PRESENT_TO_PAST).join("|")})\\b(?=\\s+(\\p{L}+))`,
  "gu",
);
// After "is" and "has", only a description ("is a", "has a") is a slip; "is survived", "has gone home" are not.
const SLIP_ONLY_BEFORE = /^(?:a|an|the|many|so)$/i;

type Finding = HarperFinding;

const finding = (
  start: number,
  problem: string,
  replacement: string,
  kind: string,
  message: string,
): Finding => ({ start, end: start + problem.length, problem, kind, message, replacements: [replacement] });

/** A table's own entry: a word the family typed ("constructor") must not find Object's own properties. */
const ownEntry = (table: Record<string, string>, key: string) =>
  Object.hasOwn(table, key) ? table[key] : undefined;

const misspellings = (text: string): Finding[] => {
  const found: Finding[] = [];
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const right = ownEntry(MISSPELLINGS, match[0].toLowerCase());
    if (right)
      found.push(
        finding(
          match.index,
          match[0],
          matchCase(match[0], right),
          "Misspelling",
          `"${right}" is spelled this way.`,
        ),
      );
  }
  for (const match of text.matchAll(PLURAL_IN_LAW)) {
    const right = `${match[1]}s-in-law`;
    found.push(
      finding(match.index, match[0], right, "Misspelling", `The plural is "${right.toLowerCase()}".`),
    );
  }
  return found;
};

const agreement = (text: string): Finding[] =>
  [...text.matchAll(AGREEMENT)].flatMap((match) => {
    const [whole, noun = "", verb = ""] = match;
    if (NOT_PLURAL.test(noun.toLowerCase())) return [];
    const start = match.index + whole.length - verb.length;
    const right = matchCase(verb, SINGULAR_VERBS[verb.toLowerCase()] ?? verb);
    return [
      finding(start, verb, right, "Agreement", `"${noun}" are more than one: "${right}" agrees with them.`),
    ];
  });

const doubleNegatives = (text: string): Finding[] =>
  [...text.matchAll(DOUBLE_NEGATIVE)].map((match) => {
    const [whole, negative = ""] = match;
    const right = matchCase(negative, NEGATIVE_TO_ANY[negative.toLowerCase()] ?? negative);
    return finding(
      match.index + whole.length - negative.length,
      negative,
      right,
      "Negation",
      `Two negatives cancel each other out: "${right}" says what is meant.`,
    );
  });

const itsAndIts = (text: string): Finding[] => [
  ...[...text.matchAll(ITS_FOR_ITS_OWN)].map((m) =>
    finding(
      m.index,
      m[1] ?? "",
      matchCase(m[1] ?? "", "its"),
      "Usage",
      'Belonging to it is "its", without an apostrophe.',
    ),
  ),
  ...[...text.matchAll(ITS_FOR_IT_IS)].map((m) =>
    finding(
      m.index,
      m[1] ?? "",
      matchCase(m[1] ?? "", "it's"),
      "Usage",
      '"It is" or "it has" is written "it\'s".',
    ),
  ),
];

const passingTwice = (text: string): Finding[] =>
  [...text.matchAll(PASSING_TWICE)].map((match) => {
    const [whole, second = ""] = match;
    return finding(
      match.index + whole.length - second.length,
      second,
      "",
      "Repetition",
      "The passing is said twice: once is enough.",
    );
  });

const tenseSlips = (text: string): Finding[] => {
  const found: Finding[] = [];
  for (const match of text.matchAll(PRESENT_SLIP)) {
    const [whole, verb = "", next = ""] = match;
    if ((verb === "is" || verb === "has") && !SLIP_ONLY_BEFORE.test(next)) continue;
    // Only a life already told in the past, twice over, before this sentence.
    const pastBefore = text.slice(0, match.index).match(PAST_ABOUT_THEM)?.length ?? 0;
    if (pastBefore < 2) continue;
    const verbStart = match.index + whole.length - verb.length;
    const sentenceEnd = text.slice(verbStart).search(/[.!?](?:\s|$)/);
    const sentence = text.slice(verbStart, sentenceEnd < 0 ? undefined : verbStart + sentenceEnd);
    const verbs = [
      { start: verbStart, verb },
      ...[...sentence.matchAll(AND_PRESENT)].map((m) => ({
        start: verbStart + m.index + m[0].length - (m[1] ?? "").length,
        verb: m[1] ?? "",
      })),
    ];
    for (const slip of verbs) {
      const right = PRESENT_TO_PAST[slip.verb] ?? slip.verb;
      found.push(
        finding(
          slip.start,
          slip.verb,
          right,
          "Tense",
          `The rest of the text tells the life in the past: "${right}" keeps it together.`,
        ),
      );
    }
  }
  return found;
};

// "the the", "to to": the second is removed. "had had" and "that that" are right as written.
const REPEATED_WORD = /\b(\p{L}+)(\s+\1)(?![\p{L}'’])/giu;
const RIGHT_TWICE = /^(?:had|that)$/i;

const repeatedWords = (text: string): Finding[] =>
  [...text.matchAll(REPEATED_WORD)].flatMap((match) => {
    const [whole, word = "", second = ""] = match;
    // "Bora Bora", "Walla Walla": a place's name, written twice on purpose.
    if (RIGHT_TWICE.test(word) || /^\s+\p{Lu}/u.test(second)) return [];
    return [
      finding(
        match.index + whole.length - second.length,
        second,
        "",
        "Repetition",
        `"${word}" is written twice.`,
      ),
    ];
  });

/** The proofreading rules' findings for `text`, in the shape harper gives, each with one fix. */
export const proofread = (text: string): HarperFinding[] =>
  [
    ...misspellings(text),
    ...agreement(text),
    ...doubleNegatives(text),
    ...itsAndIts(text),
    ...passingTwice(text),
    ...repeatedWords(text),
    ...tenseSlips(text),
  ].sort((a, b) => a.start - b.start);
