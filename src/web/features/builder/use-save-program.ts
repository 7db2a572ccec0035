import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import type { Program, ProgramInput } from "../../../shared/schemas";
import { ApiError, apiRequest, messageOf } from "../../lib/api";
import { SUBSCRIPTION_INFO_KEY } from "../../lib/entitlements";
import { PROGRAMS_QUERY_KEY, programQueryKey } from "../../lib/program-queries";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/toast-store";
import { toastFailure, useGoToPlans } from "../billing/plan-required";
import { builderStore, isDraftDirty, markDraftSaved } from "./builder-store";
import { draftKeyFor, removeLocalDraft } from "./local-draft";

/** The stored program a 409 answer carries: someone saved a newer version. */
const storedVersionOf = (error: unknown): Program | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { current?: Program };
    return body.current ?? null;
  } catch {
    return null;
  }
};

/**
 * Save Draft: creates the program on the first save, then updates the same one.
 * After the first save the address becomes /program-builder/{id}.
 */
export const useSaveProgram = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goToPlans = useGoToPlans();
  const { user } = useSession();
  // A second click while the first save is in flight must not create a second program.
  const inFlight = useRef<Promise<Program> | null>(null);

  const mutation = useMutation({
    mutationFn: async (draft: ProgramInput) => {
      const id = builderStore.programId;
      return id
        ? apiRequest<Program>("PUT", `/api/programs/${id}`, {
            ...draft,
            version: builderStore.version ?? undefined,
          })
        : apiRequest<Program>("POST", "/api/programs", draft);
    },
    onSuccess: (saved, sent) => {
      const wasNew = !builderStore.programId;
      const previousKey = builderStore.key;
      const key = draftKeyFor(user?.id ?? "", saved.id);
      markDraftSaved(key, saved.id, sent, saved.version);
      if (previousKey && previousKey !== key) removeLocalDraft(previousKey);
      if (!isDraftDirty()) removeLocalDraft(key);
      queryClient.setQueryData(programQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY, exact: true });
      if (wasNew) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_INFO_KEY });
      toast({ title: "Program saved successfully!" });
      if (wasNew) {
        void navigate({
          to: "/program-builder/$id",
          params: { id: saved.id },
          search: (prev: Record<string, unknown>) => ({ tab: prev.tab }),
          replace: true,
        });
      }
    },
    onError: (error) => {
      const newer = storedVersionOf(error);
      // Saved meanwhile in another tab: the conflict dialog lets the user choose, nothing is lost.
      if (newer) {
        builderStore.conflict = newer;
        return;
      }
      toastFailure(
        { title: "Failed to save program", description: messageOf(error, "Please try again.") },
        error,
        goToPlans,
      );
    },
  });

  const save = (): Promise<Program> => {
    if (inFlight.current) return inFlight.current;
    const sent = JSON.parse(JSON.stringify(builderStore.draft)) as ProgramInput;
    const pending = mutation.mutateAsync(sent).finally(() => {
      inFlight.current = null;
    });
    inFlight.current = pending;
    return pending;
  };

  /** For Download PDF and Print: saves when needed and resolves to the program's id. */
  const ensureSaved = async (): Promise<string> => {
    if (builderStore.programId && !isDraftDirty()) return builderStore.programId;
    return (await save()).id;
  };

  return { save, ensureSaved, isSaving: mutation.isPending };
};
