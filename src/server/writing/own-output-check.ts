import { checkGrammarOffline, type GrammarCheck } from "./offline-grammar";
import { namesLostIn, programWords } from "./protected-names";

/**
 * The rules' rewrite, put through the same grammar checker as the family's text, with its fixes
 * applied. If harper still flags a word in the rewrite that it did not flag in the family's own
 * (checked) text, or a name of the program is gone, the rewrite made something worse: the family's
 * checked text is given instead.
 */
export const rewriteOrOriginal = async (
  rewrite: string,
  original: GrammarCheck,
  protectedNames: readonly string[] = [],
): Promise<string> => {
  if (rewrite === original.improvedText) return rewrite;
  const check = await checkGrammarOffline(rewrite, protectedNames);
  const flaggedBefore = new Set(original.leftAsWritten);
  const worse =
    check.leftAsWritten.some((word) => !flaggedBefore.has(word)) ||
    namesLostIn(original.improvedText, check.improvedText, programWords(protectedNames)).length > 0;
  return worse ? original.improvedText : check.improvedText;
};
