// STUB owned by the AI writing helper work (issue 7): the builder's AI Writer tab.
import type { ProgramInput } from "../../../shared/schemas";

export type AiWriterTabProps = {
  program: ProgramInput;
  /** Apply Changes: writes the text into the chosen program field. */
  onApply: (field: "lifeReflections" | "acknowledgments" | { tributeId: string }, text: string) => void;
};

export function AiWriterTab(_props: AiWriterTabProps) {
  return <p className="text-sm text-muted-foreground">The writing helper is coming soon.</p>;
}
