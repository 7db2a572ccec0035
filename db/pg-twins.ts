import { Column, getTableColumns, is, Param, Placeholder, SQL, Subquery, Table } from "drizzle-orm";
import { BunSQLSession } from "drizzle-orm/bun-sql/session";
import type { PgDialect } from "drizzle-orm/pg-core";
import { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as sqliteSchema from "./schema";
import { pgSchema } from "./schema-pg";

/*
 * Services build their queries with the tables of ./schema.ts, on either database. Names render
 * the same on PostgreSQL, but values do not: a SQLite column turns a Date into milliseconds and
 * JSON into text, and reads them back that way. So on PostgreSQL every value is encoded and
 * decoded by the column's PostgreSQL twin (./schema-pg.ts, same table and key) instead.
 */

const twins = new Map<SQLiteColumn, Column>();
for (const [name, table] of Object.entries(sqliteSchema)) {
  if (!is(table, SQLiteTable)) continue;
  const pgTable = (pgSchema as unknown as Record<string, Record<string, Column>>)[name];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const twin = pgTable?.[key];
    if (twin) twins.set(column, twin);
  }
}

const twinOf = (value: unknown) => (is(value, SQLiteColumn) ? twins.get(value) : undefined);

/** Gives every parameter in the statement its PostgreSQL column's encoder (the statement is built for PostgreSQL only). */
const encodeForPostgres = (chunk: unknown, seen = new WeakSet<object>()): void => {
  if (typeof chunk !== "object" || chunk === null || seen.has(chunk)) return;
  seen.add(chunk);
  if (Array.isArray(chunk)) for (const part of chunk) encodeForPostgres(part, seen);
  else if (is(chunk, Param)) {
    const twin = twinOf(chunk.encoder);
    if (twin) (chunk as { encoder: unknown }).encoder = twin;
  } else if (is(chunk, SQL)) encodeForPostgres(chunk.queryChunks, seen);
  else if (is(chunk, SQL.Aliased)) encodeForPostgres(chunk.sql, seen);
  else if (is(chunk, Subquery)) encodeForPostgres(chunk._.sql, seen);
  // A query used inside another (`inArray(column, db.select()…)`): its conditions hold its parameters.
  else if (!is(chunk, Column) && !is(chunk, Table) && !is(chunk, Placeholder) && "getSQL" in chunk)
    encodeForPostgres((chunk as SQL).getSQL(), seen);
};

type Field = { path: string[]; field: unknown };
type PrepareQuery = (query: unknown, fields: Field[] | undefined, ...rest: unknown[]) => unknown;

let decodingPatched = false;

/** Makes `dialect` (and every PostgreSQL session) read and write values as the PostgreSQL columns do. */
export const useTwinColumns = (dialect: PgDialect) => {
  const build = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) => {
    encodeForPostgres(statement);
    return build(statement, invokeSource);
  };
  if (decodingPatched) return;
  decodingPatched = true;
  // On the prototype: every transaction opens a session of its own.
  const prototype = BunSQLSession.prototype as unknown as { prepareQuery: PrepareQuery };
  const prepare = prototype.prepareQuery;
  prototype.prepareQuery = function (this: unknown, query, fields, ...rest) {
    const decoded = fields?.map(({ path, field }) => ({ path, field: twinOf(field) ?? field }));
    return prepare.call(this, query, decoded, ...rest);
  };
};
