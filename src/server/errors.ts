import type { FieldError } from "../shared/validation";

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

/**
 * A failure the user can act on. The field is `kind`, not `code`: Elysia reads a `code`
 * property on thrown errors as its own and would answer with it instead of our mapping.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
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
    return ERROR_STATUS[this.kind];
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
