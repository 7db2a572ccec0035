import { withExampleContent } from "../../../shared/example-photos";
import { sampleProgram } from "../../../shared/sample-program";
import type { ProgramInput } from "../../../shared/schemas";
import { readStoredProgram } from "./local-draft";

/** Spec section 2: View Examples leaves the sample program here for the builder to pick up once. */
export const EXAMPLE_PROGRAM_STORAGE_KEY = "example-program";

/**
 * Reads and removes the example program View Examples left; after a reload (already taken) it is
 * the built-in sample again, so /program-builder?example=true always shows the example, with its
 * photos and tributes.
 */
export const takeExampleProgram = (): ProgramInput => {
  const program = readStoredProgram(EXAMPLE_PROGRAM_STORAGE_KEY);
  localStorage.removeItem(EXAMPLE_PROGRAM_STORAGE_KEY);
  return withExampleContent(program ?? sampleProgram());
};
