import type { AiResult } from "../../shared/schemas";
import { type HarperFinding, lintText } from "./harper-linter";
import { proofread } from "./proofreading-rules";
import { type ProgramWords, programWords } from "./protected-names";
import { tidyText } from "./text-rules";

export type GrammarIssue = AiResult["grammarIssues"][number];

export type GrammarCheck = {
  improvedText: string;
  grammarIssues: GrammarIssue[];
  /** Words harper flagged but that were left for the family to decide, such as names it does not know. */
  leftAsWritten: string[];
  /** Words the checker does not know, left as written: the family may add them to the program's words. */
  unknownWords: string[];
  /** Fixes applied where harper offered more than one choice. */
  ambiguous: number;
  confidence: number;
};

const startsWithCapital = (word: string) => /^\p{Lu}/u.test(word);

/**
 * Harper does not know most family names ("Siobhan", "Kowalczyk") and suggests dictionary words for them.
 * A program must spell every name right, so a spelling or capitalisation fix to a capitalised word is
 * never applied: it is listed for the family to check instead.
 */
const isProbablyName = (finding: HarperFinding) =>
  startsWithCapital(finding.problem) &&
  (finding.kind === "Spelling" ||
    finding.kind === "Typo" ||
    // "Ida's" → "IDA's": a name harper mistakes for an acronym.
    finding.replacements.every((r) => r.toLowerCase() === finding.problem.toLowerCase()));

// Fixes harper often gets wrong in a program's sentences ("a friend to many" is not "too many"):
// listed for the family to decide, never applied by themselves.
const DOUBTFUL_FIXES = new Set(["to→too"]);

const isDoubtful = (finding: HarperFinding) =>
  DOUBTFUL_FIXES.has(`${finding.problem.toLowerCase()}→${finding.replacements[0]?.toLowerCase()}`);

const isSpelling = (finding: HarperFinding) => finding.kind === "Spelling" || finding.kind === "Typo";

/**
 * A word harper does not know is left as written ("zoe" is somebody's name before it is "zone"), unless
 * harper only adds its missing apostrophe ("didnt" → "didn't"), which makes no name.
 */
const isUnknownWord = (finding: HarperFinding) =>
  isSpelling(finding) && finding.replacements[0]?.replace(/['’]/g, "") !== finding.problem;

const overlaps = (a: HarperFinding, b: HarperFinding) => a.start < b.end && b.start < a.end;

const NAME_WORD = /\p{L}[\p{L}\p{M}'’-]*/gu;

/**
 * Each program name written otherwise than the program spells it, offered in the program's spelling:
 * "zoe" → "Zoë" where harper does not know "zoe", and "Zoe" → "Zoë" always; "grace" stays "grace"
 * next to a "Grace" in the program, as it is also an everyday word.
 */
const nameFindings = (text: string, words: ProgramWords, unknownAt: ReadonlySet<number>): HarperFinding[] =>
  [...text.matchAll(NAME_WORD)].flatMap((match) => {
    const word = match[0].replace(/['’]s$/, "");
    const spelling = words.spellingOf(word);
    if (spelling === undefined || spelling === word) return [];
    const accentsDiffer = spelling.toLowerCase() !== word.toLowerCase();
    if (!accentsDiffer && !unknownAt.has(match.index)) return [];
    return [
      {
        start: match.index,
        end: match.index + word.length,
        problem: word,
        kind: "Name",
        message: `This program spells the name "${spelling}".`,
        replacements: [spelling],
      },
    ];
  });

/**
 * Harper's findings that are not mistakes in a program: the serial comma ("mother, grandmother and
 * friend" is how most printed programs write a list), "every one of her students" (not "everyone"),
 * and "had had", "that that", which are right.
 */
const isHouseStyleOrRightAsWritten = (finding: HarperFinding, text: string) =>
  (finding.kind === "Style" && finding.replacements[0] === `${finding.problem},`) ||
  (/^every one$/i.test(finding.problem) && /^\s+of\b/i.test(text.slice(finding.end))) ||
  /^(had had|that that)$/i.test(finding.problem);

/**
 * Harper's findings and the proofreading rules' together. A rule's finding wins where both speak of
 * the same words, and nothing harper says about one of the program's names is kept: the program's own
 * spelling is offered instead.
 */
const findingsFor = async (text: string, words: ProgramWords) => {
  const harper = await lintText(text);
  const ours = proofread(text);
  const names = nameFindings(text, words, new Set(harper.filter(isSpelling).map((f) => f.start)));
  const touchesName = (finding: HarperFinding) =>
    [...finding.problem.matchAll(NAME_WORD)].some(([word]) => words.spellingOf(word) !== undefined);
  const kept = harper.filter(
    (finding) =>
      !touchesName(finding) &&
      !isHouseStyleOrRightAsWritten(finding, text) &&
      ![...ours, ...names].some((other) => overlaps(finding, other)),
  );
  return [...kept, ...ours, ...names];
};

// Harper writes Markdown code marks (`their`); a family reads quotation marks.
const readable = (message: string) => message.replace(/`([^`]*)`/g, '"$1"');

const issueFor = (finding: HarperFinding, applied: boolean): GrammarIssue => {
  const [best, ...others] = finding.replacements;
  if (!applied && isUnknownWord(finding) && !startsWithCapital(finding.problem)) {
    return {
      issue: finding.problem,
      correction: finding.problem,
      explanation: best
        ? `The checker does not know "${finding.problem}", so it was left as written. If it is a name or a word of your family's, add it to this program's words; otherwise did you mean "${best}"?`
        : `The checker does not know "${finding.problem}", so it was left as written. If it is a name or a word of your family's, add it to this program's words.`,
    };
  }
  if (!applied) {
    return {
      issue: finding.problem,
      correction: finding.problem,
      explanation: isDoubtful(finding)
        ? `Check "${finding.problem}": ${readable(finding.message)} It was left as written, as it is often right.`
        : best
          ? `Check the spelling of "${finding.problem}". If it is a name, keep it as written; otherwise did you mean "${best}"?`
          : `Check "${finding.problem}": ${readable(finding.message)}`,
    };
  }
  const alternatives = [...new Set(others)].filter((o) => o !== best);
  return {
    // A stray space reads as nothing in a list of issues: name it.
    issue: finding.problem.trim() === "" ? "Extra space" : finding.problem,
    correction: best ?? "",
    explanation:
      alternatives.length > 0
        ? `${readable(finding.message)} Other choices: ${alternatives.map((o) => `"${o}"`).join(", ")}.`
        : readable(finding.message),
  };
};

/**
 * How sure the offline check is that `improvedText` is right: harper catches common slips but not every
 * error, so a clean text is never above 0.9, and each fix it had to guess or left open lowers it.
 */
const confidenceOf = (applied: number, ambiguous: number, unresolved: number) => {
  const score = 0.9 - 0.02 * applied - 0.04 * ambiguous - 0.05 * unresolved;
  return Math.round(Math.min(0.9, Math.max(0.4, score)) * 100) / 100;
};

type Pass = {
  text: string;
  applied: number;
  ambiguous: number;
  leftAsWritten: string[];
  unknownWords: string[];
  issues: GrammarIssue[];
};

/** One round of harper's fixes, applied from the end so earlier offsets stay valid. */
const fixOnce = async (text: string, words: ProgramWords): Promise<Pass> => {
  const findings = await findingsFor(text, words);
  const pass: Pass = { text, applied: 0, ambiguous: 0, leftAsWritten: [], unknownWords: [], issues: [] };
  let lastStart = Number.POSITIVE_INFINITY;
  for (const finding of [...findings].sort((a, b) => b.start - a.start)) {
    const fits = text.slice(finding.start, finding.end) === finding.problem && finding.end <= lastStart;
    const replacement = finding.replacements[0];
    const unknown = finding.kind !== "Name" && isUnknownWord(finding);
    const apply =
      fits && replacement !== undefined && !isProbablyName(finding) && !isDoubtful(finding) && !unknown;
    if (apply) {
      pass.text = pass.text.slice(0, finding.start) + replacement + pass.text.slice(finding.end);
      lastStart = finding.start;
      pass.applied++;
      if (new Set(finding.replacements).size > 1) pass.ambiguous++;
    } else {
      pass.leftAsWritten.push(finding.problem);
      if (unknown && !pass.unknownWords.includes(finding.problem)) pass.unknownWords.push(finding.problem);
    }
    pass.issues.push(issueFor(finding, apply));
  }
  pass.issues.reverse();
  return pass;
};

// One fix can call for another ("a very good" → "a excellent" → "an excellent"); past this many
// rounds the text is left for the family to read.
const MAX_ROUNDS = 3;

/** Grammar and spelling with harper.js, fixed until harper finds nothing more it can fix. */
export const checkGrammarOffline = async (
  text: string,
  protectedNames: readonly string[] = [],
): Promise<GrammarCheck> => {
  const words = programWords(protectedNames);
  let pass = await fixOnce(text, words);
  let { applied, ambiguous } = pass;
  const issues = [...pass.issues];
  for (let round = 1; round < MAX_ROUNDS && pass.applied > 0; round++) {
    pass = await fixOnce(pass.text, words);
    applied += pass.applied;
    ambiguous += pass.ambiguous;
    issues.push(...pass.issues.filter((issue) => issue.correction !== issue.issue));
  }
  const { leftAsWritten, unknownWords } = pass;
  const improvedText = pass.text;
  // Harper leaves spacing alone ("1931 .", "us.There"); the print needs it tidy.
  const tidied = tidyText(improvedText);
  if (tidied !== improvedText.trim()) {
    issues.push({
      issue: "Spacing and punctuation",
      correction: "Tidied",
      explanation:
        "Extra spaces were removed, missing spaces after punctuation added, and each sentence starts with a capital and ends with a full stop.",
    });
    applied++;
  }
  return {
    improvedText: tidied,
    grammarIssues: issues,
    leftAsWritten,
    unknownWords,
    ambiguous,
    confidence: confidenceOf(applied, ambiguous, leftAsWritten.length),
  };
};
