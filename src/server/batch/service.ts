import { z } from "zod";
import type { AppDatabase } from "../../../db/client";
import { type ProgramInput, programInputSchema } from "../../shared/schemas";
import { MAX_BATCH_SIZE } from "../../shared/service-draft";
import type { FieldError } from "../../shared/validation";
import { AppError } from "../errors";
import { createPrograms } from "../programs/service";

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

export const createBatch = async (
  db: AppDatabase,
  ownerId: string,
  inputs: ProgramInput[],
): Promise<CreatedProgram[]> =>
  (await createPrograms(db, ownerId, inputs)).map(({ id, fullName }) => ({ id, fullName }));
