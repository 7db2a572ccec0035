import type { ProgramInput } from "../../../shared/schemas";
import { readStoredProgram } from "./local-draft";

/** Spec section 2: View Examples leaves the sample program here for the builder to pick up once. */
export const EXAMPLE_PROGRAM_STORAGE_KEY = "example-program";

/** Reads and removes the example program; null when there is none or it is unreadable. */
export const takeExampleProgram = (): ProgramInput | null => {
  const program = readStoredProgram(EXAMPLE_PROGRAM_STORAGE_KEY);
  localStorage.removeItem(EXAMPLE_PROGRAM_STORAGE_KEY);
  return program;
};
