// What a writing suggestion would change in a family's text, word by word, so every change is seen
// before it is applied and each can be applied on its own. Whitespace counts: applying every change
// gives exactly the suggested text, and the unchanged parts stay exactly as the family typed them.
import { diffWordsWithSpace } from "diff";

/** One change: the text from `start` to `end` of the old text becomes `added`. */
export type WordChange = { start: number; end: number; removed: string; added: string };

/** The diff as it is shown: unchanged runs, and each change's removed and added words. */
type DiffPart =
  | { kind: "same"; text: string }
  | { kind: "change"; index: number; removed: string; added: string };

export type WordDiff = { parts: DiffPart[]; changes: WordChange[] };

// Spaces alone between two changes ("lots" " " "of") read as one change, "lots of" → "many".
const JOINS_CHANGES = /^[ \t]+$/;

export const wordDiff = (before: string, after: string): WordDiff => {
  const parts: DiffPart[] = [];
  const changes: WordChange[] = [];
  let offset = 0;
  let open: WordChange | null = null;
  let pendingSpace: string | null = null;
  const close = () => {
    if (!open) return;
    parts.push({ kind: "change", index: changes.length, removed: open.removed, added: open.added });
    changes.push(open);
    open = null;
  };
  for (const part of diffWordsWithSpace(before, after)) {
    if (!part.added && !part.removed) {
      // Unchanged parts and changes alternate, so a held space is always followed by a change.
      if (open && JOINS_CHANGES.test(part.value)) pendingSpace = part.value;
      else {
        close();
        parts.push({ kind: "same", text: part.value });
      }
      offset += part.value.length;
      continue;
    }
    if (!open) open = { start: offset, end: offset, removed: "", added: "" };
    if (pendingSpace !== null) {
      open.removed += pendingSpace;
      open.added += pendingSpace;
      open.end += pendingSpace.length;
      pendingSpace = null;
    }
    if (part.removed) {
      open.removed += part.value;
      open.end += part.value.length;
      offset += part.value.length;
    } else {
      open.added += part.value;
    }
  }
  close();
  if (pendingSpace !== null) parts.push({ kind: "same", text: pendingSpace });
  return { parts, changes };
};

/** The text with one change applied. */
export const applyWordChange = (text: string, change: WordChange) =>
  text.slice(0, change.start) + change.added + text.slice(change.end);

const changeId = (change: WordChange) => JSON.stringify([change.removed, change.added]);

/**
 * What is left of a suggestion for the text as it is now. `base` is the text the suggestion was made
 * for, `suggested` the suggestion. While `current` is `base` with some of the suggested changes
 * applied (one at a time, or undone again), the answer is the diff that remains. Once the family has
 * typed something the suggestion did not contain, it is null: applying it would undo their words.
 */
export const remainingDiff = (base: string, suggested: string, current: string): WordDiff | null => {
  const remaining = wordDiff(current, suggested);
  if (current === base) return remaining;
  const offered = new Map<string, number>();
  for (const change of wordDiff(base, suggested).changes) {
    offered.set(changeId(change), (offered.get(changeId(change)) ?? 0) + 1);
  }
  for (const change of remaining.changes) {
    const left = offered.get(changeId(change)) ?? 0;
    if (left === 0) return null;
    offered.set(changeId(change), left - 1);
  }
  return remaining;
};
