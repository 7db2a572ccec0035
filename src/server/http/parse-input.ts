import type { z } from "zod";
import { fieldErrors, summarizeFieldErrors } from "../../shared/validation";
import { AppError } from "../errors";

/** Validates a request body with a shared schema; failures are a 400 naming every field. */
export const parseInput = <T extends z.ZodType>(schema: T, input: unknown): z.infer<T> => {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError("VALIDATION", summarizeFieldErrors(fields), fields);
};
