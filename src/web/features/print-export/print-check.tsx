// STUB owned by the print-engine work (issue 4): the builder's print check.
import type { ProgramInput } from "../../../shared/schemas";

export function PrintCheckPanel(_props: { program: ProgramInput }) {
  return null;
}
