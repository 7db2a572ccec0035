import type { SQL as BunSql } from "bun";
import { Column, getTableColumns, is, Param, SQL, type SQLChunk, sql, Table } from "drizzle-orm";
import { BunSQLDatabase } from "drizzle-orm/bun-sql";
import { BunSQLSession, BunSQLTransaction } from "drizzle-orm/bun-sql/session";
import {
  PgDialect,
  PgSelectBase,
  type PgTransactionConfig,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from "drizzle-orm/pg-core";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type TablesRelationalConfig,
} from "drizzle-orm/relations";
import type { Query } from "drizzle-orm/sql";
import * as sqliteSchema from "./schema";
import { pgSchema } from "./schema-pg";

/*
 * Services build their queries with the tables of ./schema.ts (SQLite's), whatever the database.
 * Table and column names are the same on PostgreSQL, but SQLite's columns turn a Date into
 * milliseconds and JSON into text when they bind a value, and read back the same way, which
 * PostgreSQL's timestamptz, jsonb and bigint columns refuse or answer differently. So the
 * PostgreSQL database binds and reads every value through the matching column of ./schema-pg.ts:
 * its dialect swaps the encoder of each bound value, its sessions the decoder of each selected field.
 */

const pgColumnOf = new Map<Column, Column>(
  Object.entries(sqliteSchema).flatMap(([name, table]) => {
    if (!is(table, Table)) return [];
    const pgColumns = getTableColumns(pgSchema[name as keyof typeof pgSchema]) as Record<string, Column>;
    return Object.entries(getTableColumns(table)).map(([key, column]): [Column, Column] => {
      const pgColumn = pgColumns[key];
      if (!pgColumn) throw new Error(`No PostgreSQL column for ${name}.${key}`);
      return [column, pgColumn];
    });
  }),
);

const swapColumn = <T>(value: T): T => (is(value, Column) ? ((pgColumnOf.get(value) ?? value) as T) : value);

/** A copy of `sql` whose bound values and decoder use PostgreSQL's columns. */
const toPgSql = (query: SQL): SQL => {
  // What drizzle keeps internal: how the SQL reads its value back, and whether its values are inlined.
  const { decoder, shouldInlineParams } = query as unknown as {
    decoder: Column;
    shouldInlineParams: boolean;
  };
  const copy = new SQL(query.queryChunks.map(toPgChunk)).mapWith(swapColumn(decoder));
  return shouldInlineParams ? copy.inlineParams() : copy;
};

const toPgChunk = (chunk: SQLChunk): SQLChunk => {
  if (Array.isArray(chunk)) return chunk.map(toPgChunk);
  if (is(chunk, Param)) return new Param(chunk.value, swapColumn(chunk.encoder));
  if (is(chunk, SQL)) return toPgSql(chunk);
  if (is(chunk, SQL.Aliased)) return new SQL.Aliased(toPgSql(chunk.sql), chunk.fieldAlias);
  // A query inside a query (e.g. `inArray(column, db.select(…))`), in parentheses as drizzle renders it.
  if (is(chunk, PgSelectBase)) return sql`(${toPgSql(chunk.getSQL())})`;
  return chunk;
};

/** Each selected field read back through its PostgreSQL column. */
const toPgFields = (fields: SelectedFieldsOrdered | undefined) =>
  fields?.map(({ path, field }) => ({
    path,
    field: is(field, Column) ? swapColumn(field) : is(field, SQL) ? toPgSql(field) : field,
  })) as SelectedFieldsOrdered | undefined;

class SqliteTablesDialect extends PgDialect {
  override sqlToQuery(query: SQL, invokeSource?: "indexes") {
    return super.sqlToQuery(toPgSql(query), invokeSource);
  }
}

type RelationalSchema = ConstructorParameters<typeof BunSQLDatabase>[2];

class SqliteTablesSession extends BunSQLSession<BunSql, Record<string, unknown>, TablesRelationalConfig> {
  constructor(
    client: BunSql,
    private readonly pgDialect: PgDialect,
    private readonly relational: RelationalSchema,
  ) {
    super(client, pgDialect, relational);
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    ...rest: PrepareRest
  ) {
    return super.prepareQuery<T>(query, toPgFields(fields), ...rest);
  }

  // As BunSQLSession's, but the transaction's session reads through PostgreSQL's columns too.
  override transaction<T>(
    body: (tx: BunSQLTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.client.begin(async (client) => {
      const session = new SqliteTablesSession(client as unknown as BunSql, this.pgDialect, this.relational);
      const tx = new BunSQLTransaction(this.pgDialect, session as never, this.relational);
      if (config) await tx.setTransaction(config);
      return body(tx);
    }) as Promise<T>;
  }
}
type PrepareRest =
  Parameters<BunSQLSession<BunSql, Record<string, unknown>, TablesRelationalConfig>["prepareQuery"]> extends [
    unknown,
    unknown,
    ...infer Rest,
  ]
    ? Rest
    : never;

/** The drizzle database on PostgreSQL for queries built with ./schema.ts's tables. */
export const pgDatabaseForSqliteTables = (client: BunSql) => {
  const tables = extractTablesRelationalConfig(pgSchema, createTableRelationsHelpers);
  const relational = { fullSchema: pgSchema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const dialect = new SqliteTablesDialect();
  const db = new BunSQLDatabase<typeof pgSchema>(
    dialect,
    new SqliteTablesSession(client, dialect, relational) as never,
    relational as never,
  );
  return Object.assign(db, { $client: client });
};
