import type { AiResult } from "../../shared/schemas";
import { type HarperFinding, lintText } from "./harper-linter";
import { tidyText } from "./text-rules";

export type GrammarIssue = AiResult["grammarIssues"][number];

export type GrammarCheck = {
  improvedText: string;
  grammarIssues: GrammarIssue[];
  /** Findings left for the family to decide, such as names harper does not know. */
  unresolved: number;
  /** Fixes applied where harper offered more than one choice. */
  ambiguous: number;
  confidence: number;
};

const startsWithCapital = (word: string) => /^\p{Lu}/u.test(word);

/**
 * Harper does not know most family names ("Siobhan", "Kowalczyk") and suggests dictionary words for them.
 * A program must spell every name right, so a spelling fix to a capitalised word is never applied: it is
 * listed for the family to check instead.
 */
const isProbablyName = (finding: HarperFinding) =>
  (finding.kind === "Spelling" || finding.kind === "Typo") && startsWithCapital(finding.problem);

// Harper writes Markdown code marks (`their`); a family reads quotation marks.
const readable = (message: string) => message.replace(/`([^`]*)`/g, '"$1"');

const issueFor = (finding: HarperFinding, applied: boolean): GrammarIssue => {
  const [best, ...others] = finding.replacements;
  if (!applied) {
    return {
      issue: finding.problem,
      correction: finding.problem,
      explanation: best
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

/** Grammar and spelling with harper.js, applied from the end so earlier offsets stay valid. */
export const checkGrammarOffline = async (text: string): Promise<GrammarCheck> => {
  const findings = await lintText(text);
  let improvedText = text;
  let applied = 0;
  let ambiguous = 0;
  let unresolved = 0;
  const issues: GrammarIssue[] = [];
  let lastStart = Number.POSITIVE_INFINITY;
  for (const finding of [...findings].sort((a, b) => b.start - a.start)) {
    const fits = text.slice(finding.start, finding.end) === finding.problem && finding.end <= lastStart;
    const replacement = finding.replacements[0];
    const apply = fits && replacement !== undefined && !isProbablyName(finding);
    if (apply) {
      improvedText = improvedText.slice(0, finding.start) + replacement + improvedText.slice(finding.end);
      lastStart = finding.start;
      applied++;
      if (new Set(finding.replacements).size > 1) ambiguous++;
    } else {
      unresolved++;
    }
    issues.push(issueFor(finding, apply));
  }
  issues.reverse();
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
    unresolved,
    ambiguous,
    confidence: confidenceOf(applied, ambiguous, unresolved),
  };
};
