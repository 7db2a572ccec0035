import type { DbOrTx } from "./client";

type Preparable<Prepared> = { prepare(name?: string): Prepared };

/**
 * A drizzle query built and prepared once per database, then run with placeholders through
 * `.execute(values)` (a promise of the rows on both dialects; PostgreSQL prepares by `name`).
 * Building a query and preparing its SQL on every request cost several times more than running
 * it; the hot paths (the session behind every signed-in request, the program list and read) use this.
 */
export const preparedFor = <Prepared>(name: string, build: (db: DbOrTx) => Preparable<Prepared>) => {
  // Per database, and per transaction (a statement inside one must run on its connection).
  const statements = new WeakMap<DbOrTx, Prepared>();
  return (db: DbOrTx): Prepared => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      statements.set(db, statement);
    }
    return statement;
  };
};
