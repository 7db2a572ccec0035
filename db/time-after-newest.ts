import { max, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "./client";

/**
 * `now`, or a millisecond after the newest `column` of the rows matching `where` when that is not
 * earlier: rows listed by creation time (a user's programs, a chat's messages) keep the order they
 * were made in even when two are made in the same millisecond. Call it inside the `write` that
 * inserts them, after any lock that makes writers take turns.
 */
export const timeAfterNewest = async (
  tx: DbOrTx,
  table: SQLiteTable,
  column: SQLiteColumn,
  where: SQL | undefined,
  now: Date,
) => {
  const [newest] = await tx
    .select({ at: max(column) })
    .from(table)
    .where(where);
  const at = newest?.at as Date | null | undefined;
  return at && at >= now ? new Date(at.getTime() + 1) : now;
};
