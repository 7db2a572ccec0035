import type { z } from "zod";

export type FieldError = { path: string; message: string };

/** Turns zod issues into `{ path, message }` pairs; paths read like `tributes.2.message`. */
export const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));

/** One sentence for a toast or a CLI line: every distinct message, each already naming its field. */
export const summarizeFieldErrors = (fields: FieldError[]): string =>
  [...new Set(fields.map((f) => f.message))].join("; ");
