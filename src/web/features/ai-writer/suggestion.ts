// Pure helpers of the suggestion panel: how a change is named, which grammar note explains it, and
// where a generated template goes in the family's text.
import type { WordChange } from "../../../shared/word-diff";
import type { WritingResult } from "../../../shared/writing";

type GrammarIssue = WritingResult["grammarIssues"][number];

const SUMMARY_CHARS = 60;
const quote = (text: string) => {
  const t = text.trim().replace(/\s+/g, " ");
  return `“${t.length > SUMMARY_CHARS ? `${t.slice(0, SUMMARY_CHARS - 1)}…` : t}”`;
};

/** A change in words, for its Apply button's name: “Their” → “There”, remove “very”, add “and”. */
export const changeSummary = (change: Pick<WordChange, "removed" | "added">) => {
  const removed = change.removed.trim();
  const added = change.added.trim();
  if (!removed && !added) return "spacing";
  if (!removed) return `add ${quote(added)}`;
  if (!added) return `remove ${quote(removed)}`;
  return `${quote(removed)} → ${quote(added)}`;
};

/**
 * The checker's note for each change (the first unused issue whose words the change removes and
 * adds), and the notes no change carries, which are shown on their own.
 */
export const explainChanges = (changes: Pick<WordChange, "removed" | "added">[], issues: GrammarIssue[]) => {
  const unused = [...issues];
  const explanations = changes.map((change) => {
    const at = unused.findIndex(
      (issue) =>
        issue.issue.trim() !== "" &&
        change.removed.includes(issue.issue.trim()) &&
        change.added.includes(issue.correction.trim()),
    );
    return at === -1 ? undefined : unused.splice(at, 1)[0]?.explanation;
  });
  return { explanations, otherNotes: unused };
};

/**
 * The text with `insertion` added at `position` as a paragraph of its own: a blank line parts it
 * from the family's words on either side, and not a character of theirs is changed.
 */
export const insertParagraphAt = (text: string, position: number, insertion: string) => {
  const at = Math.max(0, Math.min(position, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead =
    before.trim() === "" ? "" : before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail =
    after.trim() === "" ? "" : after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  return `${before}${lead}${insertion.trim()}${trail}${after}`;
};
