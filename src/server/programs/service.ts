import { and, count, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { type AppDatabase, type DbOrTx, holdAccount, type Tx, write } from "../../../db/client";
import { preparedFor } from "../../../db/prepared";
import { type ProgramRow, programs } from "../../../db/schema";
import { timeAfterNewest } from "../../../db/time-after-newest";
import type { Program, ProgramInput, ProgramSummary, ProgramUpdate } from "../../shared/schemas";
import type { Config } from "../config";
import { AppError, notFound } from "../errors";

const PROGRAM_NOT_FOUND = "Program not found";

const toProgram = ({ ownerId: _owner, createdAt, updatedAt, ...fields }: ProgramRow): Program =>
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

/**
 * What one account may keep, billing or not (PROGRAMS_PER_ACCOUNT, PROGRAM_STORAGE_MB): without it
 * one account could fill the database in a second, and the plan limits only hold with billing on.
 */
export type AccountQuota = { programs: number; storedBytes: number };

export const accountQuotaFrom = (
  config: Pick<Config, "PROGRAMS_PER_ACCOUNT" | "PROGRAM_STORAGE_MB">,
): AccountQuota => ({
  programs: config.PROGRAMS_PER_ACCOUNT,
  storedBytes: config.PROGRAM_STORAGE_MB * 1024 * 1024,
});

// A program's stored size: the bytes of its text and JSON columns, as both engines measure them.
// Only JSON is cast (PostgreSQL keeps it as jsonb): a cast makes SQLite copy each text, three
// times slower over a large account.
const storedBytes = sql.join(
  Object.values(getTableColumns(programs))
    .filter((column) => column.getSQLType() === "text")
    .map((column) =>
      column.columnType === "SQLiteTextJson"
        ? sql`octet_length(cast(${column} as text))`
        : sql`octet_length(${column})`,
    ),
  sql` + `,
);

/** The same measure for a program about to be written (JSON as it is stored). */
const inputBytes = (input: ProgramInput) =>
  Object.values(input).reduce<number>(
    (total, value) =>
      total + Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value ?? "")),
    0,
  );

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Refuses (413, naming the limit, before anything is written) programs that would take the account
 * past its quota. `replacing` is a program being saved over: it counts with its new size, and a
 * save that does not grow it always passes, so an account over a lowered quota can still edit.
 * Called inside the write that holds the account, so parallel writes cannot pass it together.
 */
const requireRoomInAccount = async (
  tx: DbOrTx,
  ownerId: string,
  quota: AccountQuota,
  incoming: ProgramInput[],
  replacing?: string,
) => {
  const adding = incoming.reduce((total, input) => total + inputBytes(input), 0);
  if (replacing) {
    const [current] = await tx
      .select({ bytes: sql<number>`${storedBytes}` })
      .from(programs)
      .where(owned(ownerId, replacing));
    if (!current || adding <= Number(current.bytes)) return;
  }
  const others = replacing
    ? and(eq(programs.ownerId, ownerId), ne(programs.id, replacing))
    : eq(programs.ownerId, ownerId);
  const [kept] = await tx
    .select({ programs: count(), bytes: sql<number>`coalesce(sum(${storedBytes}), 0)` })
    .from(programs)
    .where(others);
  const keptPrograms = kept?.programs ?? 0;
  if (!replacing && keptPrograms + incoming.length > quota.programs)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `An account can keep up to ${quota.programs.toLocaleString("en-US")} programs and this one has ${keptPrograms.toLocaleString("en-US")}. Please delete programs you no longer need, then try again; nothing was saved.`,
    );
  if (Number(kept?.bytes ?? 0) + adding > quota.storedBytes)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `An account can store up to ${megabytes(quota.storedBytes)} of program text, and this would go past it. Please delete programs you no longer need, then try again; nothing was saved.`,
    );
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

export const createProgram = async (
  tx: Tx,
  ownerId: string,
  input: ProgramInput,
  quota: AccountQuota,
  now = new Date(),
) => {
  await requireRoomInAccount(tx, ownerId, quota, [input]);
  const row = newRow(ownerId, input, await creationTime(tx, ownerId, now));
  await tx.insert(programs).values(row);
  return toProgram(row);
};

/** Creates every program or none: one bad row must not leave half a week's services behind. */
export const createPrograms = async (
  db: AppDatabase,
  ownerId: string,
  inputs: ProgramInput[],
  quota: AccountQuota,
  now = new Date(),
) => {
  const rows = await write(db, async (tx) => {
    // Other creates for the account wait: their times come after this batch's.
    await holdAccount(tx, ownerId);
    await requireRoomInAccount(tx, ownerId, quota, inputs);
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
export const updateProgram = async (
  tx: Tx,
  ownerId: string,
  id: string,
  update: ProgramUpdate,
  quota: AccountQuota,
) => {
  const { version, ...input } = update;
  await requireRoomInAccount(tx, ownerId, quota, [input], id);
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

export const deleteProgram = async (tx: Tx, ownerId: string, id: string): Promise<Program> => {
  const [row] = await tx.delete(programs).where(owned(ownerId, id)).returning();
  if (!row) throw notFound(PROGRAM_NOT_FOUND);
  return toProgram(row);
};
