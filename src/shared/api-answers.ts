// Shapes of API answers that are not domain records, for the OpenAPI document and API clients.
import { z } from "zod";
import { ERROR_CODE_NAMES } from "./error-codes";
import { programSchema } from "./schemas";

export const apiErrorSchema = z
  .object({
    message: z.string().meta({ description: "A sentence for the user, naming the field when one is wrong" }),
    code: z.enum(ERROR_CODE_NAMES),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requiredPlan: z.string().optional().meta({ description: "With 402: the plan that lifts the refusal" }),
    feature: z.string().optional().meta({ description: "With 402: the feature or limit refused" }),
  })
  .meta({ id: "Error" });

export const okSchema = z.object({ ok: z.literal(true) });

export const createdProgramSchema = programSchema.pick({ id: true, fullName: true });

export const uploadedPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const pdfPreparingSchema = z.object({
  status: z.literal("preparing"),
  message: z.string(),
  /** With print workers: where to follow the PDF's print job. */
  statusUrl: z.string().optional(),
});

/** A batch sent to the print workers: follow `statusUrl` until `downloadUrl` appears. */
export const printJobStartedSchema = z.object({
  jobId: z.string(),
  statusUrl: z.string(),
  total: z.number(),
});

const PRINT_JOB_STATES = ["queued", "printing", "done", "failed"] as const;
export const printJobStatusSchema = z.object({
  state: z.enum(PRINT_JOB_STATES),
  /** PDFs made so far, of `total`. */
  done: z.number(),
  total: z.number(),
  downloadUrl: z.string().optional(),
});
export type PrintJobStatus = z.infer<typeof printJobStatusSchema>;

/** The payment form's key to the subscription's first invoice. */
export const checkoutAnswerSchema = z.object({ clientSecret: z.string() });

export const billingPortalAnswerSchema = z.object({ url: z.string() });

export const STRIPE_WEBHOOK_OUTCOMES = ["applied", "duplicate", "stale", "ignored"] as const;
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(STRIPE_WEBHOOK_OUTCOMES),
});

export const messageAnswerSchema = z.object({ message: z.string() });
