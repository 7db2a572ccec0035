// The draft being edited lives here (valtio), so every panel and the preview read one source and
// nothing is lost when the route changes from /program-builder to /program-builder/{id}.
import { proxy } from "valtio";
import { DEFAULT_SERVICE_ORDER } from "../../../shared/constants";
import {
  emptyProgramInput,
  type Program,
  type ProgramInput,
  programInputSchema,
  type ServiceItem,
  type Tribute,
} from "../../../shared/schemas";
import { newId } from "../../lib/new-id";
import { removeLocalDraft } from "./local-draft";
import { clearTextHistories, moveTextHistories } from "./text-history";

type BuilderState = {
  /** Which draft this is: `${userId}:${programId ?? "new"}`; null before the first load. */
  key: string | null;
  programId: string | null;
  draft: ProgramInput;
  /** JSON of the last saved (or loaded) version: the draft is dirty when it differs. */
  baseline: string;
  /** The draft was restored from this device's storage rather than loaded fresh. */
  restored: boolean;
  /** The stored version the draft is based on; a save names it so a newer one is never overwritten. */
  version: number | null;
  /** A newer stored version a save ran into (409): the user chooses between it and the draft. */
  conflict: Program | null;
};

export const builderStore = proxy<BuilderState>({
  key: null,
  programId: null,
  draft: emptyProgramInput(),
  baseline: JSON.stringify(emptyProgramInput()),
  restored: false,
  version: null,
  conflict: null,
});

export const isDraftDirty = (state: { draft: unknown; baseline: string } = builderStore) =>
  JSON.stringify(state.draft) !== state.baseline;

export const startDraft = (session: {
  key: string;
  programId: string | null;
  draft: ProgramInput;
  baseline: ProgramInput;
  restored: boolean;
  version: number | null;
}) => {
  builderStore.key = session.key;
  builderStore.programId = session.programId;
  builderStore.draft = JSON.parse(JSON.stringify(session.draft)) as ProgramInput;
  builderStore.baseline = JSON.stringify(session.baseline);
  builderStore.restored = session.restored;
  builderStore.version = session.version;
  builderStore.conflict = null;
};

/** After a save: what was sent is the new baseline; edits typed meanwhile stay dirty. */
export const markDraftSaved = (key: string, programId: string, sent: ProgramInput, version: number) => {
  // A first save gives the program its id: its texts' versions follow it.
  if (builderStore.key) moveTextHistories(builderStore.key, key);
  builderStore.key = key;
  builderStore.programId = programId;
  builderStore.baseline = JSON.stringify(sent);
  builderStore.restored = false;
  builderStore.version = version;
  builderStore.conflict = null;
};

/** "Keep mine": the next save is based on the newer stored version, so it replaces it on purpose. */
export const keepMyVersion = () => {
  if (!builderStore.conflict) return;
  builderStore.version = builderStore.conflict.version;
  builderStore.conflict = null;
};

/** "Take theirs": the newer stored version replaces the draft; this device's copy goes. */
export const takeTheirVersion = () => {
  const theirs = builderStore.conflict;
  if (!theirs) return;
  const input = programInputSchema.parse(theirs);
  if (builderStore.key) removeLocalDraft(builderStore.key);
  builderStore.draft = input;
  builderStore.baseline = JSON.stringify(input);
  builderStore.version = theirs.version;
  builderStore.restored = false;
  builderStore.conflict = null;
};

/** Back to the saved (or empty) version; the device copy goes too. */
export const discardChanges = () => {
  if (builderStore.key) removeLocalDraft(builderStore.key);
  builderStore.draft = JSON.parse(builderStore.baseline) as ProgramInput;
  builderStore.restored = false;
};

/** Signing out: the open draft is forgotten in memory too, so nothing writes it back to storage. */
export const forgetDraftSession = () => {
  clearTextHistories();
  builderStore.key = null;
  builderStore.programId = null;
  builderStore.draft = emptyProgramInput();
  builderStore.baseline = JSON.stringify(emptyProgramInput());
  builderStore.restored = false;
};

export const updateDraft = (patch: Partial<ProgramInput>) => {
  Object.assign(builderStore.draft, patch);
};

const swap = <T>(list: T[], index: number, offset: -1 | 1) => {
  const target = index + offset;
  const a = list[index];
  const b = list[target];
  if (a === undefined || b === undefined) return;
  list[index] = b;
  list[target] = a;
};

// ---------------------------------------------------------------- order of service

/** Orders are 1-based and follow the list, renumbered after every change. */
const renumberServiceItems = () => {
  builderStore.draft.serviceItems.forEach((item, i) => {
    item.order = i + 1;
  });
};

export const addServiceItem = (title = "") => {
  const items = builderStore.draft.serviceItems;
  items.push({ id: newId(), title, person: "", order: items.length + 1 });
};

export const updateServiceItem = (id: string, patch: Partial<Omit<ServiceItem, "id" | "order">>) => {
  const item = builderStore.draft.serviceItems.find((i) => i.id === id);
  if (item) Object.assign(item, patch);
};

export const removeServiceItem = (id: string) => {
  builderStore.draft.serviceItems = builderStore.draft.serviceItems.filter((i) => i.id !== id);
  renumberServiceItems();
};

export const moveServiceItem = (id: string, offset: -1 | 1) => {
  const items = builderStore.draft.serviceItems;
  swap(
    items,
    items.findIndex((i) => i.id === id),
    offset,
  );
  renumberServiceItems();
};

export const fillDefaultServiceOrder = () => {
  builderStore.draft.serviceItems = DEFAULT_SERVICE_ORDER.map((title, i) => ({
    id: newId(),
    title,
    person: "",
    order: i + 1,
  }));
};

// ---------------------------------------------------------------- tributes

export const addTribute = () => {
  builderStore.draft.tributes.push({ id: newId(), author: "", relationship: "", message: "" });
};

export const updateTribute = (id: string, patch: Partial<Omit<Tribute, "id">>) => {
  const tribute = builderStore.draft.tributes.find((t) => t.id === id);
  if (tribute) Object.assign(tribute, patch);
};

export const removeTribute = (id: string) => {
  builderStore.draft.tributes = builderStore.draft.tributes.filter((t) => t.id !== id);
};

export const moveTribute = (id: string, offset: -1 | 1) => {
  const tributes = builderStore.draft.tributes;
  swap(
    tributes,
    tributes.findIndex((t) => t.id === id),
    offset,
  );
};
