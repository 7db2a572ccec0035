import type { z } from "zod";
import { fieldErrors, summarizeFieldErrors } from "../../shared/validation";
import { AppError } from "../errors";

const NULL_CHARACTER = "This text cannot contain a null character (U+0000).";

/**
 * Where a string (or a key) in `value` holds U+0000, as a dotted path; undefined if nowhere.
 * PostgreSQL cannot store that character in text and no field has a use for it.
 */
const pathOfNullCharacter = (value: unknown, path = ""): string | undefined => {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return at(key);
    const found = pathOfNullCharacter(item, at(key));
    if (found !== undefined) return found;
  }
  return undefined;
};

/**
 * Validates a request body or query with a shared schema; failures are a 400 naming every field.
 * A value the schema accepts is still refused, naming its field, if it holds U+0000, which the
 * database would refuse with a 500.
 */
export const parseInput = <T extends z.ZodType>(schema: T, input: unknown): z.infer<T> => {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new AppError("VALIDATION", summarizeFieldErrors(fields), fields);
  }
  const nullAt = pathOfNullCharacter(result.data);
  if (nullAt !== undefined)
    throw new AppError("VALIDATION", NULL_CHARACTER, [{ path: nullAt, message: NULL_CHARACTER }]);
  return result.data;
};
