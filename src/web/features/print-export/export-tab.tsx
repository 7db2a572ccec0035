// STUB owned by the print-engine work (issue 4): the builder's Export tab.
import type { ProgramInput } from "../../../shared/schemas";

export type ExportTabProps = {
  program: ProgramInput;
  programId?: string;
  onChange: (patch: Partial<ProgramInput>) => void;
};

export function ExportTab(_props: ExportTabProps) {
  return <p className="text-sm text-muted-foreground">Exports are coming soon.</p>;
}
