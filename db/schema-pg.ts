import { getTableName, is } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  foreignKey,
  index,
  jsonb,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as sqliteSchema from "./schema";

/*
 * The PostgreSQL form of the tables in ./schema.ts, derived from them so the schema is written
 * once: same table, column, index and key names, so the same drizzle queries run on both. Column
 * kinds map one to one: text (with its enum) → text, JSON text → jsonb, millisecond timestamps →
 * timestamptz(3), integers → bigint (numbers in JavaScript). A column kind added to ./schema.ts
 * that is not mapped here stops start-up and drizzle-kit with its name, rather than drifting.
 */

const pgColumnFor = (column: SQLiteColumn): PgColumnBuilderBase => {
  const base = (() => {
    switch (column.columnType) {
      case "SQLiteText":
        return text(column.name, { enum: column.enumValues as [string, ...string[]] | undefined });
      case "SQLiteTextJson":
        return jsonb(column.name);
      case "SQLiteTimestamp":
        return timestamp(column.name, { mode: "date", precision: 3, withTimezone: true });
      case "SQLiteInteger":
        return bigint(column.name, { mode: "number" });
      default:
        throw new Error(`No PostgreSQL column kind for ${column.columnType} (${column.name})`);
    }
  })();
  let built = base as ReturnType<typeof text>;
  if (column.notNull) built = built.notNull() as typeof built;
  if (column.primary) built = built.primaryKey() as typeof built;
  if (column.isUnique) built = built.unique(column.uniqueName) as typeof built;
  if (column.hasDefault && column.default !== undefined)
    built = built.default(column.default as string) as typeof built;
  return built;
};

const derived = new Map<string, PgTable>();

const pgTableFor = (table: SQLiteTable) => {
  const config = getTableConfig(table);
  const columns = Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) =>
      config.columns.includes(value as SQLiteColumn) ? [[key, pgColumnFor(value as SQLiteColumn)]] : [],
    ),
  );
  const keyOf = (column: SQLiteColumn) =>
    Object.keys(columns).find(
      (key) => (table as unknown as Record<string, unknown>)[key] === column,
    ) as string;
  const pg = pgTable(config.name, columns, (t) => {
    const own = t as unknown as Record<string, AnyPgColumn>;
    const pick = (list: SQLiteColumn[]) => list.map((c) => own[keyOf(c)]) as [AnyPgColumn, ...AnyPgColumn[]];
    return [
      ...config.indexes.map(({ config: ix }) => {
        const on = pick(ix.columns as SQLiteColumn[]);
        return ix.unique ? uniqueIndex(ix.name).on(...on) : index(ix.name).on(...on);
      }),
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pick(pk.columns) })),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = derived.get(getTableName(ref.foreignTable));
        if (!target)
          throw new Error(`${config.name} refers to ${getTableName(ref.foreignTable)}, defined later`);
        const targetColumns = target as unknown as Record<string, AnyPgColumn>;
        const foreignKeys = Object.keys(ref.foreignTable).filter((key) =>
          ref.foreignColumns.includes(
            (ref.foreignTable as unknown as Record<string, SQLiteColumn>)[key] as SQLiteColumn,
          ),
        );
        const built = foreignKey({
          columns: pick(ref.columns),
          foreignColumns: foreignKeys.map((key) => targetColumns[key]) as [AnyPgColumn, ...AnyPgColumn[]],
        });
        return fk.onDelete ? built.onDelete(fk.onDelete) : built;
      }),
    ];
  });
  derived.set(config.name, pg);
  return pg;
};

/** A SQLite table's PostgreSQL form, typed column by column: the same keys and JavaScript values. */
type PgFormOf<T extends SQLiteTable> = PgTableWithColumns<{
  name: T["_"]["name"];
  schema: undefined;
  dialect: "pg";
  columns: {
    [K in keyof T["_"]["columns"]]: T["_"]["columns"][K] extends SQLiteColumn<infer C> ? PgColumn<C> : never;
  };
}>;

type SqliteTables = {
  [K in keyof typeof sqliteSchema as (typeof sqliteSchema)[K] extends SQLiteTable
    ? K
    : never]: (typeof sqliteSchema)[K];
};

/** Every table of ./schema.ts in its PostgreSQL form, by the same export name. */
export const pgSchema = Object.fromEntries(
  Object.entries(sqliteSchema).flatMap(([name, value]) =>
    is(value, SQLiteTable) ? [[name, pgTableFor(value)]] : [],
  ),
) as unknown as { [K in keyof SqliteTables]: PgFormOf<SqliteTables[K]> }; // what pgTableFor builds, by construction

// Named exports, as drizzle-kit finds tables by the module's exports.
export const {
  users,
  sessions,
  programs,
  photos,
  stripeEvents,
  chatSessions,
  chatMessages,
  errorReports,
  passwordResets,
  apiKeys,
  importMappings,
  webhookEndpoints,
  webhookDeliveries,
  rateLimits,
} = pgSchema;
