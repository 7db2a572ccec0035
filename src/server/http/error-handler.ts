import { Elysia } from "elysia";
import { AppError } from "../errors";
import { STORAGE_UNAVAILABLE_MESSAGE, storageFailure } from "./storage-errors";

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
        set.status = 404;
        return { message: "Not found", code: "NOT_FOUND" };
      case "PARSE":
        set.status = 400;
        return { message: "The request body could not be read: please send valid JSON.", code: "VALIDATION" };
      case "VALIDATION":
        set.status = 400;
        return { message: "The request is not valid.", code: "VALIDATION" };
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 401;
        return { message: "Please sign in to continue.", code: "UNAUTHORIZED" };
      default: {
        const storage = storageFailure(error);
        if (storage) {
          console.error(`Storage unavailable (${storage.kind}, ${storage.code}): ${String(error)}`);
          set.status = 503;
          return { message: STORAGE_UNAVAILABLE_MESSAGE, code: "STORAGE_UNAVAILABLE" };
        }
        console.error("Unexpected error", error);
        set.status = 500;
        return { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" };
      }
    }
  },
);
