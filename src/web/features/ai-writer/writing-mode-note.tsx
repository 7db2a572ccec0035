import { useQuery } from "@tanstack/react-query";
import type { WritingMode, WritingStatus } from "../../../shared/writing";

const WRITING_STATUS_QUERY_KEY = ["/api/writing/status"] as const;

/** Who wrote an answer, in words a family understands. */
export const answeredByText = (mode: WritingMode) =>
  mode === "model"
    ? "Written by the AI model this site is set up with."
    : "Written by the built-in offline writing rules, not an AI model.";

/**
 * Says before any call which helper will answer: the configured AI model, or the built-in rules.
 * A family should know whether a machine-learning model or simple rules reworded their words.
 */
export function WritingModeNote() {
  const status = useQuery<WritingStatus>({
    queryKey: WRITING_STATUS_QUERY_KEY,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!status.data) return null;
  return (
    <p
      className="rounded-md border bg-muted/40 px-3 py-2 text-xs text-muted-foreground"
      data-testid="writing-mode"
    >
      {status.data.mode === "model"
        ? "Suggestions come from an AI model. If it is unavailable, the built-in offline rules answer instead, and each answer says which one wrote it."
        : "No AI model is set up: suggestions come from built-in offline writing rules. They fix grammar and wording but do not write like a person."}
    </p>
  );
}
