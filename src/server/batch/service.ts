import { z } from "zod";
import type { AppDatabase } from "../../../db/client";
import { type ProgramInput, programInputSchema } from "../../shared/schemas";
import { MAX_BATCH_SIZE } from "../../shared/service-draft";
import type { FieldError } from "../../shared/validation";
import { FailureLimiter, rateLimited } from "../auth/failure-limiter";
import { rateLimitStore } from "../auth/rate-limit-store";
import type { Config } from "../config";
import { AppError } from "../errors";
import { type AccountQuota, accountQuotaFrom, createPrograms } from "../programs/service";

export const batchPayloadSchema = z
  .array(programInputSchema, { error: "Send the services as a list of programs" })
  .min(1, "Please add at least one service to generate programs")
  .max(MAX_BATCH_SIZE, `A batch can have at most ${MAX_BATCH_SIZE} services`);

/** "item 3: colorTheme: Colour theme must be one of: …" (the index counts from 0, as in the payload). */
const describeField = ({ path, message }: FieldError) => {
  const [index, ...field] = path.split(".");
  if (index === undefined || !/^\d+$/.test(index)) return message;
  return `item ${index}: ${field.length > 0 ? `${field.join(".")}: ` : ""}${message}`;
};

/** Validates every item before writing any: one bad item means a 400 and nothing created. */
export const parseBatchPayload = (body: unknown): ProgramInput[] => {
  const result = batchPayloadSchema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  throw new AppError("VALIDATION", fields.map(describeField).join("; "), fields);
};

export type CreatedProgram = { id: string; fullName: string };

/**
 * What an account may create in batches (and case imports), billing or not: its quota of programs
 * and stored text, and BATCHES_PER_HOUR batches an hour.
 */
export type BatchLimits = { account: AccountQuota; perHour: number; batches: FailureLimiter };

export const batchLimitsFrom = (
  db: AppDatabase,
  config: Pick<Config, "PROGRAMS_PER_ACCOUNT" | "PROGRAM_STORAGE_MB" | "BATCHES_PER_HOUR">,
): BatchLimits => ({
  account: accountQuotaFrom(config),
  perHour: config.BATCHES_PER_HOUR,
  batches: new FailureLimiter(rateLimitStore(db, "batches"), config.BATCHES_PER_HOUR, 60 * 60 * 1000),
});

export const createBatch = async (
  db: AppDatabase,
  ownerId: string,
  inputs: ProgramInput[],
  limits: BatchLimits,
): Promise<CreatedProgram[]> => {
  const wait = await limits.batches.take(ownerId);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000);
    throw rateLimited(
      `An account can create up to ${limits.perHour} batches an hour. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}; nothing was saved.`,
      wait,
    );
  }
  return (await createPrograms(db, ownerId, inputs, limits.account)).map(({ id, fullName }) => ({
    id,
    fullName,
  }));
};
