import { type ProgramInput, programInputSchema } from "../../../shared/schemas";

// Unsaved drafts are kept in this browser's storage until saved, one per account and program,
// so a closed tab or a crash never loses a family's writing.
const storageKey = (draftKey: string) => `keepsake-draft:${draftKey}`;

export const draftKeyFor = (userId: string, programId: string | null | undefined) =>
  `${userId}:${programId ?? "new"}`;

/** The example program (View Examples) while it is edited and not saved yet. */
export const exampleDraftKeyFor = (userId: string) => `${userId}:example`;

/** A program kept under `key` in this browser; null when absent, unreadable or no longer valid. */
export const readStoredProgram = (key: string): ProgramInput | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = programInputSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const readLocalDraft = (draftKey: string) => readStoredProgram(storageKey(draftKey));

export const writeLocalDraft = (draftKey: string, draft: ProgramInput) => {
  try {
    localStorage.setItem(storageKey(draftKey), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the leave-page warning still protects the draft.
  }
};

export const removeLocalDraft = (draftKey: string) => localStorage.removeItem(storageKey(draftKey));

const userPrefix = (userId: string) => storageKey(`${userId}:`);

/** The unsaved drafts this browser keeps for the user (what signing out would remove). */
export const userLocalDrafts = (userId: string) => {
  const keys = Object.keys(localStorage).filter((key) => key.startsWith(userPrefix(userId)));
  return keys.map((key) => ({ key, program: readStoredProgram(key) }));
};

/** Removes every unsaved draft of the user from this browser (signing out on a shared computer). */
export const removeUserLocalDrafts = (userId: string) => {
  for (const { key } of userLocalDrafts(userId)) localStorage.removeItem(key);
};
