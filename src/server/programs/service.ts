import { and, count, desc, eq, sql } from "drizzle-orm";
import { type AppDatabase, type DbOrTx, holdAccount, write } from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { type ProgramRow, programs } from "../../../db/schema";
import { timeAfterNewest } from "../../../db/time-after-newest";
import type { Program, ProgramInput, ProgramSummary, ProgramUpdate } from "../../shared/schemas";
import { AppError, notFound } from "../errors";

const PROGRAM_NOT_FOUND = "Program not found";

export const toProgram = ({ ownerId: _owner, createdAt, updatedAt, ...fields }: ProgramRow): Program =>
  ({ ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() }) as Program;

const owned = (ownerId: string, id: string) => and(eq(programs.ownerId, ownerId), eq(programs.id, id));

const programList = preparedFor("program_list", (db) =>
  db
    .select({
      id: programs.id,
      fullName: programs.fullName,
      birthDate: programs.birthDate,
      passingDate: programs.passingDate,
      serviceDate: programs.serviceDate,
      location: programs.location,
    })
    .from(programs)
    .where(eq(programs.ownerId, sql.placeholder("ownerId")))
    .orderBy(desc(programs.createdAt), desc(programs.id)),
);

const ownedProgram = preparedFor("owned_program", (db) =>
  db
    .select()
    .from(programs)
    .where(and(eq(programs.ownerId, sql.placeholder("ownerId")), eq(programs.id, sql.placeholder("id")))),
);

export const listPrograms = (db: AppDatabase, ownerId: string): Promise<ProgramSummary[]> =>
  programList(db).execute({ ownerId });

export const countPrograms = async (db: DbOrTx, ownerId: string) => {
  const [row] = await db.select({ n: count() }).from(programs).where(eq(programs.ownerId, ownerId));
  return row?.n ?? 0;
};

export const getProgram = async (db: AppDatabase, ownerId: string, id: string): Promise<Program> => {
  const [row] = await ownedProgram(db).execute({ ownerId, id });
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return toProgram(row);
};

const newRow = (ownerId: string, input: ProgramInput, now: Date): ProgramRow => ({
  ...input,
  id: crypto.randomUUID(),
  ownerId,
  version: 1,
  createdAt: now,
  updatedAt: now,
});

/** When programs made at `now` are created: after the owner's newest, to keep the list's order. */
const creationTime = (tx: DbOrTx, ownerId: string, now: Date) =>
  timeAfterNewest(tx, programs, programs.createdAt, eq(programs.ownerId, ownerId), now);

export const createProgram = async (tx: DbOrTx, ownerId: string, input: ProgramInput, now = new Date()) => {
  const row = newRow(ownerId, input, await creationTime(tx, ownerId, now));
  await tx.insert(programs).values(row);
  return toProgram(row);
};

/** Creates every program or none: one bad row must not leave half a week's services behind. */
export const createPrograms = async (
  db: AppDatabase,
  ownerId: string,
  inputs: ProgramInput[],
  now = new Date(),
) => {
  const rows = await write(db, async (tx) => {
    // Other creates for the account wait: their times come after this batch's.
    await holdAccount(tx, ownerId);
    const first = (await creationTime(tx, ownerId, now)).getTime();
    // Distinct timestamps keep the batch's order in the newest-first list.
    const made = inputs.map((input, i) => newRow(ownerId, input, new Date(first + i)));
    await tx.insert(programs).values(made);
    return made;
  });
  return rows.map(toProgram);
};

const staleSave = (current: ProgramRow) =>
  new AppError(
    "CONFLICT",
    "This program was changed in another tab or by another person since you opened it.",
    undefined,
    undefined,
    { current: toProgram(current) },
  );

/**
 * Saves over the stored program only when the client's `version` is still the stored one; the
 * check and the write are one statement, so two saves racing for one version cannot both win.
 */
export const updateProgram = async (tx: DbOrTx, ownerId: string, id: string, update: ProgramUpdate) => {
  const { version, ...input } = update;
  const matches =
    version === undefined ? owned(ownerId, id) : and(owned(ownerId, id), eq(programs.version, version));
  const [row] = await tx
    .update(programs)
    .set({ ...input, version: sql`${programs.version} + 1`, updatedAt: new Date() })
    .where(matches)
    .returning();
  if (row) return toProgram(row);
  const [current] = await tx.select().from(programs).where(owned(ownerId, id));
  if (!current) throw notFound(PROGRAM_NOT_FOUND);
  throw staleSave(current);
};

export const deleteProgram = async (tx: DbOrTx, ownerId: string, id: string): Promise<Program> => {
  const [row] = await tx.delete(programs).where(owned(ownerId, id)).returning();
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return toProgram(row);
};
