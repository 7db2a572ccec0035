import { ERROR_CODES, type ErrorCode } from "../shared/error-codes";
import type { FieldError } from "../shared/validation";

/**
 * A failure the user can act on. The field is `kind`, not `code`: Elysia reads a `code`
 * property on thrown errors as its own and would answer with it instead of our mapping.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** Sent as Retry-After with a 429 or 503. */
    readonly retryAfterSeconds?: number,
    /** More for the client to act on, e.g. the current program with a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_CODES[this.kind];
  }

  toBody() {
    return {
      message: this.message,
      code: this.kind,
      ...(this.fields ? { fields: this.fields } : {}),
      ...this.details,
    };
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);

/** A refusal a paid plan lifts: 402 naming the plan, so the web app can offer the upgrade. */
export class PlanRequiredError extends AppError {
  constructor(
    message: string,
    readonly requiredPlan: { id: string; name: string },
    readonly feature: string,
    fields?: FieldError[],
  ) {
    super("PAYMENT_REQUIRED", message, fields);
  }

  override toBody() {
    return { ...super.toBody(), requiredPlan: this.requiredPlan.id, feature: this.feature };
  }
}
