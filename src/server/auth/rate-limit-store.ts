import { and, eq, lte } from "drizzle-orm";
import { type AppDatabase, type DbOrTx, holdUntilCommit, isPostgres, write } from "../../../db/client";
import type { PostgresDatabase } from "../../../db/postgres";
import { rateLimits } from "../../../db/schema-pg";
import { DEFAULT_MAX_KEYS, trimMap } from "./trim-map";

/** A key's counts as a limiter keeps them, and the moment they are forgotten. */
export type Kept<S> = { state: S; expiresAt: number };

/** A limiter's answer, and what to keep for the key: `null` forgets it, `undefined` leaves it as it was. */
export type Decision<S, R> = { answer: R; keep?: Kept<S> | null };

/** Where a limiter keeps its counts per key. */
export interface RateLimitStore {
  /**
   * Hands `decide` the key's counts (undefined when there are none, or they expired by `now`) and
   * keeps what it decides. Atomic per key: no other change to the key runs in between.
   */
  change<S, R>(key: string, now: number, decide: (state: S | undefined) => Decision<S, R>): Promise<R>;
}

/**
 * One process's counts, in memory: a restart forgetting them only costs an attacker's wait. The
 * change is made when `change` is called, before the caller's first await, so attempts still in
 * flight count. At most `maxKeys` keys: a flood of new keys cannot grow memory without bound.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Kept<unknown>>();

  constructor(private readonly maxKeys = DEFAULT_MAX_KEYS) {}

  /** Keys with counts now (for tests of the bound). */
  get size() {
    return this.entries.size;
  }

  change<S, R>(key: string, now: number, decide: (state: S | undefined) => Decision<S, R>): Promise<R> {
    const kept = this.entries.get(key);
    const { answer, keep } = decide(kept && kept.expiresAt > now ? (kept.state as S) : undefined);
    if (keep === null) this.entries.delete(key);
    if (keep) {
      // Re-inserted, so the map's order is write order for trimMap.
      this.entries.delete(key);
      this.entries.set(key, keep);
      trimMap(this.entries, this.maxKeys, (entry) => entry.expiresAt <= now);
    }
    return Promise.resolve(answer);
  }
}

/** This store only ever runs on PostgreSQL: it writes the table's PostgreSQL form. */
const onPostgres = (tx: DbOrTx) => tx as unknown as PostgresDatabase;

/**
 * Counts in the `rate_limits` table, shared by every server on the PostgreSQL database. Each change
 * is a transaction holding the scope and key, so two servers changing the same key take turns
 * instead of both reading the old counts; other keys are not held up.
 */
class DatabaseRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: AppDatabase,
    private readonly scope: string,
  ) {}

  change<S, R>(key: string, now: number, decide: (state: S | undefined) => Decision<S, R>): Promise<R> {
    return write(this.db, async (tx) => {
      await holdUntilCommit(tx, this.scope, key);
      const pg = onPostgres(tx);
      const thisKey = and(eq(rateLimits.scope, this.scope), eq(rateLimits.key, key));
      const [row] = await pg.select().from(rateLimits).where(thisKey).limit(1);
      const { answer, keep } = decide(row && row.expiresAt.getTime() > now ? (row.state as S) : undefined);
      if (keep === null) await pg.delete(rateLimits).where(thisKey);
      if (keep) {
        const kept = { state: keep.state, expiresAt: new Date(keep.expiresAt) };
        await pg
          .insert(rateLimits)
          .values({ scope: this.scope, key, ...kept })
          .onConflictDoUpdate({ target: [rateLimits.scope, rateLimits.key], set: kept });
      }
      return answer;
    });
  }
}

/**
 * The store for the limiter named `scope` (unique per limiter: it keeps the limiters' keys apart in
 * the shared table): the table on PostgreSQL, where several servers share one database; memory on
 * SQLite, where one process serves everything.
 */
export const rateLimitStore = (db: AppDatabase, scope: string): RateLimitStore =>
  isPostgres(db) ? new DatabaseRateLimitStore(db, scope) : new MemoryRateLimitStore();

/** Deletes the counts forgotten by `now` (the hourly maintenance); memory stores bound themselves. */
export const deleteExpiredRateLimits = async (db: AppDatabase, now = new Date()) => {
  if (!isPostgres(db)) return;
  await write(db, async (tx) => {
    await onPostgres(tx).delete(rateLimits).where(lte(rateLimits.expiresAt, now));
  });
};
