import { Elysia } from "elysia";
import { ERROR_CODES, type ErrorCode } from "../../shared/error-codes";
import { AppError } from "../errors";
import { STORAGE_UNAVAILABLE_MESSAGE, storageFailure } from "./storage-errors";

/** The answer's status comes from the shared list, so a code the handler answers is one the API documents. */
const answer = (set: { status?: number | string }, code: ErrorCode, message: string) => {
  set.status = ERROR_CODES[code];
  return { message, code };
};

/** How many unexpected errors a minute are logged, and how much of each (a stack is kilobytes). */
const ERROR_LOG_LIMITS = { perMinute: 10, maxChars: 1500 } as const;

/**
 * A logger for our own failures that a flood cannot turn into a flood of log: one request anybody
 * can repeat must not write kilobytes each time. Past `perMinute` in a minute, errors are only
 * counted, and the next one logged says how many were left out.
 */
export const throttledErrorLog = (
  write: (line: string) => void = (line) => console.error(line),
  limits: { perMinute: number; maxChars: number } = ERROR_LOG_LIMITS,
  now = Date.now,
) => {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let skipped = 0;
  return (label: string, error: unknown) => {
    const at = now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      logged = 0;
    }
    if (logged >= limits.perMinute) {
      skipped++;
      return;
    }
    logged++;
    const detail =
      error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    const line = `${label}: ${detail}`;
    const cut =
      line.length > limits.maxChars ? `${line.slice(0, limits.maxChars)}… (${line.length} characters)` : line;
    write(skipped > 0 ? `${cut}\n(${skipped} more errors were not logged in the minute before)` : cut);
    skipped = 0;
  };
};

const logError = throttledErrorLog();

/** Every failure answers JSON `{ message, code, fields? }`; only our own bugs are a 500. */
export const errorHandler = new Elysia({ name: "error-handler" }).onError(
  { as: "global" },
  ({ code, error, set }) => {
    // Elysia wraps what a body parser throws (our size limit included) in its own parse error.
    const appError = error instanceof AppError ? error : (error as { cause?: unknown })?.cause;
    if (appError instanceof AppError) {
      const error = appError;
      set.status = error.status;
      if (error.retryAfterSeconds !== undefined) set.headers["retry-after"] = String(error.retryAfterSeconds);
      return error.toBody();
    }
    switch (code) {
      case "NOT_FOUND":
        return answer(set, "NOT_FOUND", "Not found");
      case "PARSE":
        return answer(set, "VALIDATION", "The request body could not be read: please send valid JSON.");
      case "VALIDATION":
        return answer(set, "VALIDATION", "The request is not valid.");
      case "INVALID_COOKIE_SIGNATURE":
        return answer(set, "UNAUTHORIZED", "Please sign in to continue.");
      default: {
        const storage = storageFailure(error);
        if (storage) {
          logError(`Storage unavailable (${storage.kind}, ${storage.code})`, String(error));
          return answer(set, "STORAGE_UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE);
        }
        logError("Unexpected error", error);
        return answer(set, "INTERNAL", "Something went wrong on our side. Please try again.");
      }
    }
  },
);
