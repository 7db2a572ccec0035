// Each text field's versions for this browser session, so a family can always go back to what they
// wrote before an AI suggestion was applied, after a save and a reload too. Kept in sessionStorage:
// it lasts as long as the tab, and a closed tab on a shared computer leaves no copy of their words.
import { proxy } from "valtio";

export type TextVersion = {
  text: string;
  /** "yours": the family's text as it was before a change; "applied": the text a change produced. */
  kind: "yours" | "applied";
  /** What happened, in words: "before the grammar check", "grammar corrections applied". */
  label: string;
  at: number;
};

/** One AI change applied to a field, to be undone with the toast's Undo or Ctrl/Cmd+Z. */
export type AppliedChange = { before: string; after: string };

/** A short history: enough to step back through one sitting, small enough to read at a glance. */
export const MAX_TEXT_VERSIONS = 12;

const PREFIX = "keepsake-text-history:";
const storageKey = (draftKey: string, fieldKey: string) => `${PREFIX}${draftKey}|${fieldKey}`;

/** Bumped on every write, so the Versions list re-renders. */
export const textHistoryStore = proxy({ revision: 0 });

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

const defaultStorage = (): KeyValueStore | null => globalThis.sessionStorage ?? null;

const isVersion = (value: unknown): value is TextVersion => {
  const v = value as Partial<TextVersion> | null;
  return (
    typeof v?.text === "string" &&
    (v.kind === "yours" || v.kind === "applied") &&
    typeof v.label === "string" &&
    typeof v.at === "number"
  );
};

export const readTextVersions = (
  draftKey: string,
  fieldKey: string,
  storage = defaultStorage(),
): TextVersion[] => {
  const raw = storage?.getItem(storageKey(draftKey, fieldKey));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isVersion) : [];
  } catch {
    return [];
  }
};

/**
 * Adds a version unless it repeats the latest one's text. Past the limit the second oldest goes:
 * the first version is what the family wrote before any AI change, and it is kept to the end.
 */
export const recordTextVersion = (
  draftKey: string,
  fieldKey: string,
  version: Omit<TextVersion, "at"> & { at?: number },
  storage = defaultStorage(),
) => {
  if (!storage) return;
  const versions = readTextVersions(draftKey, fieldKey, storage);
  if (versions.at(-1)?.text === version.text) return;
  versions.push({ ...version, at: version.at ?? Date.now() });
  if (versions.length > MAX_TEXT_VERSIONS) versions.splice(1, versions.length - MAX_TEXT_VERSIONS);
  try {
    storage.setItem(storageKey(draftKey, fieldKey), JSON.stringify(versions));
  } catch {
    // Storage full or disabled: the change itself still happened and Undo still works this time.
  }
  textHistoryStore.revision++;
};

const keysUnder = (prefix: string, storage: KeyValueStore) => {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
};

/** A new program's first save gives it an id: its histories move from the "new" draft to the saved one. */
export const moveTextHistories = (fromDraftKey: string, toDraftKey: string, storage = defaultStorage()) => {
  if (!storage || fromDraftKey === toDraftKey) return;
  const from = `${PREFIX}${fromDraftKey}|`;
  for (const key of keysUnder(from, storage)) {
    const value = storage.getItem(key);
    if (value !== null) storage.setItem(`${PREFIX}${toDraftKey}|${key.slice(from.length)}`, value);
    storage.removeItem(key);
  }
  for (const [key, changes] of appliedChanges) {
    if (!key.startsWith(`${fromDraftKey}|`)) continue;
    appliedChanges.set(`${toDraftKey}|${key.slice(fromDraftKey.length + 1)}`, changes);
    appliedChanges.delete(key);
  }
  textHistoryStore.revision++;
};

/** Signing out: no copy of the family's words stays in this tab. */
export const clearTextHistories = (storage = defaultStorage()) => {
  if (storage) for (const key of keysUnder(PREFIX, storage)) storage.removeItem(key);
  appliedChanges.clear();
  textHistoryStore.revision++;
};

// The applies that Undo can take back, per field; in memory, as undo is for the moment just passed.
const appliedChanges = new Map<string, AppliedChange[]>();
const changesKey = (draftKey: string, fieldKey: string) => `${draftKey}|${fieldKey}`;

export const rememberAppliedChange = (draftKey: string, fieldKey: string, change: AppliedChange) => {
  const key = changesKey(draftKey, fieldKey);
  const changes = appliedChanges.get(key) ?? [];
  changes.push(change);
  appliedChanges.set(key, changes.slice(-MAX_TEXT_VERSIONS));
};

/**
 * The text to go back to when the field still reads exactly what the latest apply wrote; null once
 * the family has typed since (undoing then would remove their words: Versions can still go back).
 */
export const takeUndo = (draftKey: string, fieldKey: string, current: string): string | null => {
  const changes = appliedChanges.get(changesKey(draftKey, fieldKey));
  const latest = changes?.at(-1);
  if (!changes || !latest || latest.after !== current) return null;
  changes.pop();
  return latest.before;
};
