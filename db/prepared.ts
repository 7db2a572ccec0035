import type { AppDatabase } from "./client";

/**
 * A drizzle query built and prepared once per database, then run with placeholders. Building a
 * query and preparing its SQL on every request cost several times more than running it; the hot
 * paths (the session behind every signed-in request, the program list and read) use this.
 */
export const preparedFor = <T>(build: (db: AppDatabase) => T) => {
  const statements = new WeakMap<AppDatabase, T>();
  return (db: AppDatabase): T => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
};
