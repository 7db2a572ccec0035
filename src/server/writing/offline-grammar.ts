import type { AiResult } from "../../shared/schemas";
import { type HarperFinding, lintText } from "./harper-linter";
import { tidyText } from "./text-rules";

export type GrammarIssue = AiResult["grammarIssues"][number];

export type GrammarCheck = {
  improvedText: string;
  grammarIssues: GrammarIssue[];
  /** Words harper flagged but that were left for the family to decide, such as names it does not know. */
  leftAsWritten: string[];
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

// Harper writes Markdown code marks (`their`); a family reads quotation marks.
const readable = (message: string) => message.replace(/`([^`]*)`/g, '"$1"');

const issueFor = (finding: HarperFinding, applied: boolean): GrammarIssue => {
  const [best, ...others] = finding.replacements;
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
  issues: GrammarIssue[];
};

/** One round of harper's fixes, applied from the end so earlier offsets stay valid. */
const fixOnce = async (text: string): Promise<Pass> => {
  const findings = await lintText(text);
  const pass: Pass = { text, applied: 0, ambiguous: 0, leftAsWritten: [], issues: [] };
  let lastStart = Number.POSITIVE_INFINITY;
  for (const finding of [...findings].sort((a, b) => b.start - a.start)) {
    const fits = text.slice(finding.start, finding.end) === finding.problem && finding.end <= lastStart;
    const replacement = finding.replacements[0];
    const apply = fits && replacement !== undefined && !isProbablyName(finding) && !isDoubtful(finding);
    if (apply) {
      pass.text = pass.text.slice(0, finding.start) + replacement + pass.text.slice(finding.end);
      lastStart = finding.start;
      pass.applied++;
      if (new Set(finding.replacements).size > 1) pass.ambiguous++;
    } else {
      pass.leftAsWritten.push(finding.problem);
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
export const checkGrammarOffline = async (text: string): Promise<GrammarCheck> => {
  let pass = await fixOnce(text);
  let { applied, ambiguous } = pass;
  const issues = [...pass.issues];
  for (let round = 1; round < MAX_ROUNDS && pass.applied > 0; round++) {
    pass = await fixOnce(pass.text);
    applied += pass.applied;
    ambiguous += pass.ambiguous;
    issues.push(...pass.issues.filter((issue) => issue.correction !== issue.issue));
  }
  const { leftAsWritten } = pass;
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
    ambiguous,
    confidence: confidenceOf(applied, ambiguous, leftAsWritten.length),
  };
};
