import type { z } from "zod";

/** The first message per top-level field, as the forms show them under each input. */
export const firstErrorPerField = (error: z.ZodError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
};
