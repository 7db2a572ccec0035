import { type ProgramInput, programInputSchema } from "../../../shared/schemas";

/** Spec section 2: View Examples leaves the sample program here for the builder to pick up once. */
export const EXAMPLE_PROGRAM_STORAGE_KEY = "example-program";

/** Reads and removes the example program; null when there is none or it is unreadable. */
export const takeExampleProgram = (): ProgramInput | null => {
  const raw = localStorage.getItem(EXAMPLE_PROGRAM_STORAGE_KEY);
  localStorage.removeItem(EXAMPLE_PROGRAM_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = programInputSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
