import { and, count, desc, eq, sql } from "drizzle-orm";
import type { AppDatabase, DbOrTx } from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { type ProgramRow, programs } from "../../../db/schema";
import type { Program, ProgramInput, ProgramSummary, ProgramUpdate } from "../../shared/schemas";
import { AppError, notFound } from "../errors";

const PROGRAM_NOT_FOUND = "Program not found";

export const toProgram = ({ ownerId: _owner, createdAt, updatedAt, ...fields }: ProgramRow): Program =>
  ({ ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() }) as Program;

const owned = (ownerId: string, id: string) => and(eq(programs.ownerId, ownerId), eq(programs.id, id));

const programList = preparedFor((db) =>
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
    .orderBy(desc(programs.createdAt), desc(programs.id))
    .prepare(),
);

const ownedProgram = preparedFor((db) =>
  db
    .select()
    .from(programs)
    .where(and(eq(programs.ownerId, sql.placeholder("ownerId")), eq(programs.id, sql.placeholder("id"))))
    .prepare(),
);

export const listPrograms = (db: AppDatabase, ownerId: string): ProgramSummary[] =>
  programList(db).all({ ownerId });

export const countPrograms = (db: DbOrTx, ownerId: string) =>
  db.select({ n: count() }).from(programs).where(eq(programs.ownerId, ownerId)).get()?.n ?? 0;

export const getProgram = (db: AppDatabase, ownerId: string, id: string): Program => {
  const row = ownedProgram(db).get({ ownerId, id });
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

export const createProgram = (db: DbOrTx, ownerId: string, input: ProgramInput, now = new Date()) => {
  const row = newRow(ownerId, input, now);
  db.insert(programs).values(row).run();
  return toProgram(row);
};

/** Creates every program or none: one bad row must not leave half a week's services behind. */
export const createPrograms = (
  db: AppDatabase,
  ownerId: string,
  inputs: ProgramInput[],
  now = new Date(),
) => {
  // Distinct timestamps keep the batch's order in the newest-first list.
  const rows = inputs.map((input, i) => newRow(ownerId, input, new Date(now.getTime() + i)));
  db.transaction(
    (tx) => {
      for (const row of rows) tx.insert(programs).values(row).run();
    },
    { behavior: "immediate" },
  );
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
export const updateProgram = (db: DbOrTx, ownerId: string, id: string, update: ProgramUpdate) => {
  const { version, ...input } = update;
  const matches =
    version === undefined ? owned(ownerId, id) : and(owned(ownerId, id), eq(programs.version, version));
  const row = db
    .update(programs)
    .set({ ...input, version: sql`${programs.version} + 1`, updatedAt: new Date() })
    .where(matches)
    .returning()
    .get();
  if (row) return toProgram(row);
  const current = db.select().from(programs).where(owned(ownerId, id)).get();
  if (!current) throw notFound(PROGRAM_NOT_FOUND);
  throw staleSave(current);
};

export const deleteProgram = (db: DbOrTx, ownerId: string, id: string): Program => {
  const row = db.delete(programs).where(owned(ownerId, id)).returning().get();
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return toProgram(row);
};
