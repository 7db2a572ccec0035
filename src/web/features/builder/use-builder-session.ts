import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe, useSnapshot } from "valtio";
import {
  emptyProgramInput,
  type Program,
  type ProgramInput,
  programInputSchema,
} from "../../../shared/schemas";
import { ApiError } from "../../lib/api";
import { programQueryKey } from "../../lib/program-queries";
import { useSession } from "../../lib/session";
import { builderStore, isDraftDirty, startDraft } from "./builder-store";
import { takeExampleProgram } from "./example-program";
import { draftKeyFor, exampleDraftKeyFor, readLocalDraft, writeLocalDraft } from "./local-draft";

const differs = (a: ProgramInput | null, b: ProgramInput) => !!a && JSON.stringify(a) !== JSON.stringify(b);

export type BuilderSessionState = "loading" | "ready" | "not-found";

/**
 * Puts the right draft into the builder store: a saved program (or this device's unsaved edits
 * of it), the example program, or this device's unsaved new program, and keeps the device copy
 * in step with the store while it has unsaved changes.
 */
export const useBuilderSession = (
  programId: string | undefined,
  wantsExample: boolean,
): BuilderSessionState => {
  const { user } = useSession();
  const userId = user?.id ?? "";
  const draftKey = draftKeyFor(userId, programId);
  const { key: currentKey } = useSnapshot(builderStore);
  const program = useQuery<Program>({ queryKey: programQueryKey(programId ?? ""), enabled: !!programId });

  useEffect(() => {
    if (programId) {
      // Right after the first save the store already holds this program: keep the live draft.
      if (builderStore.key === draftKey || !program.data) return;
      const saved = programInputSchema.parse(program.data);
      const local = readLocalDraft(draftKey);
      startDraft({
        key: draftKey,
        programId,
        draft: local ?? saved,
        baseline: saved,
        restored: differs(local, saved),
        version: program.data.version,
      });
      return;
    }
    if (wantsExample) {
      // The example is edited under a key of its own, so it never overwrites the unsaved new
      // program this device keeps, and a reload shows the example with the edits made to it.
      const exampleKey = exampleDraftKeyFor(userId);
      const example = takeExampleProgram();
      if (builderStore.key === exampleKey) return;
      const local = readLocalDraft(exampleKey);
      startDraft({
        key: exampleKey,
        programId: null,
        draft: local ?? example,
        baseline: example,
        restored: differs(local, example),
        version: null,
      });
    } else if (builderStore.key !== draftKey) {
      const local = readLocalDraft(draftKey);
      const empty = emptyProgramInput();
      startDraft({
        key: draftKey,
        programId: null,
        draft: local ?? empty,
        baseline: empty,
        restored: differs(local, empty),
        version: null,
      });
    }
  }, [draftKey, programId, program.data, wantsExample, userId]);

  useEffect(
    () =>
      subscribe(builderStore, () => {
        // Only ever written here; removed when saved or discarded, never silently.
        if (builderStore.key && isDraftDirty()) writeLocalDraft(builderStore.key, builderStore.draft);
      }),
    [],
  );

  if (programId && program.error) {
    if (program.error instanceof ApiError && program.error.status === 404) return "not-found";
    throw program.error;
  }
  const expectedKey = !programId && wantsExample ? exampleDraftKeyFor(userId) : draftKey;
  return currentKey === expectedKey ? "ready" : "loading";
};
